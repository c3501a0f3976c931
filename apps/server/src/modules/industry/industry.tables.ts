import type { Generated } from 'kysely';

// The tables the industry module owns.

/** An industry of the product catalogue (inverters, batteries, loggers…). */
export interface IndustriesTable {
  id: Generated<number>;
  name: string;
  code: string;
  icon: string;
  sort: Generated<number>;
  /** 1 offered for new products, 0 kept for the ones it has */
  enabled: Generated<number>;
  created_at: number;
  updated_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    industries: IndustriesTable;
  }
}
