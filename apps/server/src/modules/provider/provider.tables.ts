import type { Generated } from 'kysely';

// The tables the provider module owns.

/** A service provider's profile beside its organisation (issue 19); one row per AGENT organisation. */
export interface ProviderProfilesTable {
  org_id: number;
  provider_type: string | null;
  service_type: string | null;
  service_area: string | null;
  contract_no: string | null;
  contract_status: Generated<string>;
  certification: string | null;
  /** a calendar day, yyyy-mm-dd */
  last_maintenance_at: string | null;
  remarks: string | null;
  updated_at: number;
}

declare module '../../db/database.js' {
  interface Database {
    provider_profiles: ProviderProfilesTable;
  }
}
