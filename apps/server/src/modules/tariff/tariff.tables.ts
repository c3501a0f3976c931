import type { Generated } from 'kysely';

// The tables the tariff module owns.

export interface PowerCompaniesTable {
  id: Generated<number>;
  name: string;
  country: string;
  currency: string;
  /** JSON array of the price areas */
  price_areas: string;
  created_at: number;
  updated_at: number;
}

export interface ElectricityPricesTable {
  id: Generated<number>;
  company_id: number;
  area: string;
  kind: 'feedIn' | 'purchase';
  /** first and last plant-local day it applies (inclusive); valid_to null: open */
  valid_from: string;
  valid_to: string | null;
  /** JSON array of the contract's TariffPeriod */
  periods: string;
  updated_by: string | null;
  created_at: number;
  updated_at: number;
}

/** Revenue per plant, plant-local day and time-of-use period; amount in the currency's minor unit. */
export interface PlantRevenueDailyTable {
  plant_id: number;
  day: string;
  period: string;
  currency: string;
  kwh: number;
  amount: number;
}

export interface RevenueRecomputesTable {
  id: Generated<number>;
  company_id: number;
  area: string;
  from_day: string;
  to_day: string;
  state: 'queued' | 'running' | 'done' | 'failed';
  plants_total: Generated<number>;
  plants_done: Generated<number>;
  created_by: string | null;
  created_at: number;
  finished_at: number | null;
}

declare module '../../db/database.js' {
  interface Database {
    power_companies: PowerCompaniesTable;
    electricity_prices: ElectricityPricesTable;
    plant_revenue_daily: PlantRevenueDailyTable;
    revenue_recomputes: RevenueRecomputesTable;
  }
}
