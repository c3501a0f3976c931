import type { ResourceBody } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { ApiError, badRequest, notFound } from '../../lib/errors.js';
import type { SessionUser } from '../../lib/types.js';
import { assertRootAdminRemains } from '../role/index.js';
import * as repo from './resource.repository.js';
import { inTransaction } from '../../db/transaction.js';

/*
 * The resource tree is global (menus and buttons of the one console), so its routes are for the
 * platform's administrators. Still, a permission code is a right: you may put on a resource only
 * a code you hold yourself, or the people holding that resource would get rights from you that
 * you do not have.
 */

export const listResources = repo.listResources;

/** The parent is an existing menu, not the resource itself or below it; a new permission code is one you hold. */
async function check(
  db: Kysely<Database>,
  me: SessionUser,
  b: ResourceBody,
  current?: { id: number; perm: string | null },
) {
  if (b.parentId !== null) {
    const parent = await repo.findResource(db, b.parentId);
    if (!parent || parent.kind !== 'menu') throw badRequest('admin.badParent');
    if (current) {
      let cursor: number | null = parent.id;
      const seen = new Set<number>();
      while (cursor !== null && !seen.has(cursor)) {
        if (cursor === current.id) throw badRequest('admin.badParent');
        seen.add(cursor);
        cursor = (await repo.findResource(db, cursor))?.parent_id ?? null;
      }
    }
  }
  const perm = b.perm || null;
  if (perm && perm !== current?.perm && !me.perms.has(perm)) throw new ApiError(403, 'admin.notGrantable');
}

const values = (b: ResourceBody) => ({
  parent_id: b.parentId,
  kind: b.kind,
  name: b.name,
  name_en: b.nameEn || null,
  router_path: b.kind === 'menu' ? b.routerPath || null : null,
  icon: b.icon || null,
  perm: b.perm || null,
  data_perm: b.dataPerm ? 1 : 0,
  sensitive: b.sensitive ? 1 : 0,
  sort: b.sort,
});

export async function createResource(db: Kysely<Database>, me: SessionUser, b: ResourceBody) {
  await check(db, me, b);
  return { id: await repo.insertResource(db, { ...values(b), title_key: '' }) };
}

export async function updateResource(db: Kysely<Database>, me: SessionUser, id: number, b: ResourceBody) {
  const current = await repo.findResource(db, id);
  if (!current) throw notFound();
  await check(db, me, b, current);
  const renamed = b.name !== current.name || (b.nameEn || null) !== current.name_en;
  await inTransaction(db, async (trx) => {
    // a renamed resource shows its new names instead of the console's translation
    await repo.updateResource(trx, current.id, { ...values(b), ...(renamed ? { title_key: '' } : {}) });
    // changing the code of a critical permission could lock the administrators out
    await assertRootAdminRemains(trx);
  });
}

/** A resource with children stays (409); its grants go with it. */
export async function deleteResource(db: Kysely<Database>, id: number) {
  const current = await repo.findResource(db, id);
  if (!current) throw notFound();
  if (await repo.hasChildren(db, current.id)) throw new ApiError(409, 'admin.resourceHasChildren');
  await inTransaction(db, async (trx) => {
    await repo.deleteResource(trx, current.id);
    await assertRootAdminRemains(trx);
  });
}
