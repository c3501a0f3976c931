import type { Generated } from 'kysely';

// The tables the product module owns.

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  type: string;
  code: string;
  product_key: string;
  created_at: number;
  /** the contract's productCapabilities as JSON; null: the device type's defaults */
  capabilities: string | null;
}

declare module '../../db/database.js' {
  interface Database {
    products: ProductsTable;
  }
}
