// The tables the dashboard module owns.

/** Dashboard: per organisation, the latest snapshot (refreshed by the dashboard job). */
export interface OrgSnapshotTable {
  org_id: number;
  /** W, the online inverters' acPower */
  power_w: number;
  /** devices offline now that were online within the last 3 days */
  devices_offline: number;
  /** faults opened within the last 30 days */
  faults: number;
  updated_at: number;
}

/** Dashboard: per organisation and 5-minute bucket (epoch ms of its start), the average power (W). */
export interface OrgPower5mTable {
  org_id: number;
  bucket: number;
  power_w: number;
  /** snapshots averaged */
  n: number;
}

/** Dashboard: per organisation and plant-local day (YYYY-MM-DD), the inverters' production (kWh). */
export interface OrgDailyEnergyTable {
  org_id: number;
  day: string;
  energy_kwh: number;
  updated_at: number;
}

/** Per organisation, plant time zone and plant-local day: the production of its plants in that zone. */
export interface OrgZoneDailyEnergyTable {
  org_id: number;
  time_zone: string;
  day: string;
  energy_kwh: number;
  updated_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    org_zone_daily_energy: OrgZoneDailyEnergyTable;
    org_snapshot: OrgSnapshotTable;
    org_power_5m: OrgPower5mTable;
    org_daily_energy: OrgDailyEnergyTable;
  }
}
