// The tables the ingest writes (apps/server/src/ingest); the modules read them through their repositories until an owner answers for them.

/** Per device and 5-minute bucket (epoch ms of its start): averages of the numeric points. */
export interface DeviceRollup5mTable {
  device_id: number;
  bucket: number;
  /** samples averaged */
  n: number;
  /** JSON { point: average } */
  points: string;
  /** JSON { point: samples } for points missing from some of the `n` samples; null when none is */
  point_n: string | null;
}

export interface SamplesTable {
  device_id: number;
  ts: number;
  /** JSON of the points as received (unknown points kept). */
  points: string;
  received_at: number;
}

export interface DeviceDailyTable {
  device_id: number;
  /** plant-local day, YYYY-MM-DD */
  day: string;
  energy_kwh: number;
  updated_at: number;
}

/** Production of inverters that left a plant, per plant-local day (docs/energy-model.md). */
export interface PlantRetiredEnergyTable {
  plant_id: number;
  /** plant-local day, YYYY-MM-DD */
  day: string;
  energy_kwh: number;
  updated_at: number;
}

declare module '../db/database.js' {
  interface Database {
    device_rollup_5m: DeviceRollup5mTable;
    samples: SamplesTable;
    device_daily: DeviceDailyTable;
    plant_retired_energy: PlantRetiredEnergyTable;
  }
}
