import type { Generated } from 'kysely';

// The tables the role module owns.

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  org_id: number;
  data_scope: 'all' | 'orgAndChildren' | 'org' | 'self';
  /** 1 when the role may read unmasked phone, e-mail and address. */
  sensitive: number;
  /** Its resources' permission codes as a JSON array, kept by triggers (migration 202611270900_role_perms). */
  perms: Generated<string>;
}

export interface RoleResourcesTable {
  role_id: number;
  resource_id: number;
}

declare module '../../db/database.js' {
  interface Database {
    roles: RolesTable;
    role_resources: RoleResourcesTable;
  }
}
