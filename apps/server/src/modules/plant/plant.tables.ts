import type { Generated } from 'kysely';

// The tables the plant module owns.

export interface PlantFavouritesTable {
  user_id: number;
  plant_id: number;
  created_at: number;
}

/** A user allowed to see one plant (and its devices) outside their data scope. */
export interface PlantGrantsTable {
  id: Generated<number>;
  plant_id: number;
  user_id: number;
  /** comma-separated GRANT_PERMS */
  perms: string;
  granted_by: number | null;
  created_at: number;
}

/** What the plant list sorts and filters on, refreshed periodically (plant-local calendar). */
export interface PlantStatsTable {
  plant_id: number;
  power_w: number;
  energy_today: number;
  energy_month: number;
  energy_year: number;
  energy_total: number;
  status: 'online' | 'offline' | 'fault';
  devices: number;
  devices_online: number;
  open_faults: number;
  data_updated_at: number | null;
  updated_at: number;
  /** revenue in minor units of `revenue_currency` (written by the revenue job, not by the plant-stats refresh) */
  revenue_today?: number | null;
  revenue_month?: number | null;
  revenue_year?: number | null;
  revenue_total?: number | null;
  revenue_currency?: string | null;
}

export interface PlantsTable {
  id: Generated<number>;
  org_id: number;
  name: string;
  capacity_wp: number;
  country: string | null;
  time_zone: string;
  latitude: number | null;
  longitude: number | null;
  address: string | null;
  install_position: string | null;
  installed_at: number | null;
  created_at: number;
  /** the customer who owns the plant */
  owner_id: number | null;
  installer_org_id: number | null;
  install_capacity_wp: number | null;
  /** the power company, price area and currency the plant sells at (all three or none) */
  power_company_id: number | null;
  price_area: string | null;
  currency: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    plant_favourites: PlantFavouritesTable;
    plant_grants: PlantGrantsTable;
    plant_stats: PlantStatsTable;
    plants: PlantsTable;
  }
}
