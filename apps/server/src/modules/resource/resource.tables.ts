import type { Generated } from 'kysely';

// The tables the resource module owns.

export interface ResourcesTable {
  id: Generated<number>;
  parent_id: number | null;
  kind: 'menu' | 'button';
  name: string;
  title_key: string;
  router_path: string | null;
  perm: string | null;
  icon: string | null;
  sort: number;
  name_en: Generated<string | null>;
  /** 1: the records behind it follow the role's data permission. */
  data_perm: Generated<number>;
  /** 1: it shows sensitive fields (masked without the sensitive-data grant). */
  sensitive: Generated<number>;
  /** 'menu:/auth/user' or 'button:user:create' for resources seeded from the route table. */
  seed_key: Generated<string | null>;
}

/** Every seed key ever inserted: the seed never re-creates what an administrator deleted. */
export interface ResourceSeedsTable {
  seed_key: string;
}

declare module '../../db/database.js' {
  interface Database {
    resources: ResourcesTable;
    resource_seeds: ResourceSeedsTable;
  }
}
