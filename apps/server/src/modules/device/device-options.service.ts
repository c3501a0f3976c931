import type { ProductOption, ScopedOrgOption } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { SessionUser } from '../../lib/types.js';
import * as repo from './device-options.repository.js';

// The device screens' option lists, for any role that may list devices: the admin lists
// (/products, /orgs) need permissions a service provider does not hold, and its filters vanished.

/** Every product: the catalogue belongs to no organisation, and any device may be registered against any product. */
export function productOptions(db: Kysely<Database>): Promise<ProductOption[]> {
  return repo.productOptions(db);
}

/**
 * The organisations of the caller's data scope; a parent outside it answers null, so the
 * console's tree starts at the top of what the caller sees.
 */
export async function orgOptions(db: Kysely<Database>, me: SessionUser): Promise<ScopedOrgOption[]> {
  const rows = await repo.orgOptionsInScope(db, me);
  const seen = new Set(rows.map((r) => r.id));
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id !== null && seen.has(r.parent_id) ? r.parent_id : null,
    name: r.name,
  }));
}
