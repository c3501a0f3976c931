import type { Generated } from 'kysely';

// The tables the org module owns.

export interface OrgGroupsTable {
  id: Generated<number>;
  code: string;
  name: string;
}

export interface OrgsTable {
  id: Generated<number>;
  parent_id: number | null;
  group_id: number;
  name: string;
  code: string;
  /** Materialised path of ids, '/1/4/': the data scope is a prefix match. */
  path: string;
  address: string | null;
  contact: string | null;
  phone: string | null;
  created_at: number;
  number: string | null;
  /** JSON array of {name, code}. */
  groupings: Generated<string>;
}

declare module '../../db/database.js' {
  interface Database {
    org_groups: OrgGroupsTable;
    orgs: OrgsTable;
  }
}
