import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

/** The product catalogue, by name: what a device may be registered against and filtered by. */
export function productOptions(db: Kysely<Database>) {
  return db.selectFrom('products').select(['id', 'name', 'code', 'type']).orderBy('name').orderBy('id').execute();
}

/** The organisations of the caller's data scope, parents before children (the device list's organisation filter). */
export function orgOptionsInScope(db: Kysely<Database>, me: SessionUser) {
  return db
    .selectFrom('orgs as o')
    .select(['o.id', 'o.parent_id', 'o.name'])
    .where(inScope(me, 'o'))
    .orderBy('o.path')
    .execute();
}
