import type { ColumnType, Generated } from 'kysely';

// The tables the customer module owns.

export interface CustomersTable {
  id: Generated<number>;
  org_id: number;
  nickname: string;
  name: string;
  email: string | null;
  phone: string | null;
  address: string | null;
  /** the customer's login account, when they have one */
  user_id: number | null;
  created_at: number;
  /** name and nickname as the header search compares them (lib/like.ts customerSearchName); null: not written yet */
  search_name: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A 6-digit account-cancellation code (issue 19), kept as a salted hash; user_id null: no account has the address. */
export interface CancelCodesTable {
  id: Generated<number>;
  email: string;
  user_id: number | null;
  salt: string;
  code_hash: string;
  tries: Generated<number>;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    customers: CustomersTable;
    cancel_codes: CancelCodesTable;
  }
}
