import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { inScope } from '../../lib/scope.js';
import type { SessionUser } from '../../lib/types.js';

/** A device by id or SN, only when it belongs to the caller's data scope (else undefined → 404). */
export function deviceInScope(db: Kysely<Database>, me: SessionUser, by: { id: number } | { sn: string }) {
  const q = db.selectFrom('devices as d').innerJoin('orgs as o', 'o.id', 'd.org_id').select(['d.id', 'd.sn', 'd.parent_id', 'd.plant_id', 'd.type']).where(inScope(me, 'o'));
  return ('id' in by ? q.where('d.id', '=', by.id) : q.where('d.sn', '=', by.sn)).executeTakeFirst();
}

/** A plant only when it belongs to the caller's data scope. */
export function plantInScope(db: Kysely<Database>, me: SessionUser, id: number) {
  return db.selectFrom('plants as p').innerJoin('orgs as o', 'o.id', 'p.org_id').select(['p.id', 'p.org_id']).where('p.id', '=', id).where(inScope(me, 'o')).executeTakeFirst();
}
