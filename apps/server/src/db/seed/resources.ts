import { flattenRoutes, ROUTE_TREE } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

export const menuKey = (fullPath: string) => `menu:${fullPath}`;
export const buttonKey = (perm: string) => `button:${perm}`;

/**
 * Menus (one per route of the contract's route tree, with its routerPath) and buttons (one per
 * permission code), seeded at every start from the route table, the single source of both.
 *
 * Administrators edit and delete resources, so the seed must not undo their work:
 * - a resource is identified by its seed key (kept on the row whatever is edited), not by its
 *   current path or code: an edited one is never overwritten nor inserted twice;
 * - `resource_seeds` remembers every key ever inserted: a deleted resource is not re-created;
 * - only a route the database has never seen (a new release) is inserted, under its parent's
 *   row when that still exists, and granted to the roles that held every resource until then
 *   (every seeded one still present: the ROOT administrator role): nobody could grant it otherwise, as nobody may grant what
 *   they do not hold.
 */
export async function syncResources(db: Kysely<Database>): Promise<void> {
  const seeded = new Set((await db.selectFrom('resource_seeds').select('seed_key').execute()).map((r) => r.seed_key));
  const rows = await db.selectFrom('resources').select(['id', 'seed_key']).execute();
  const idByKey = new Map(rows.filter((r) => r.seed_key).map((r) => [r.seed_key!, r.id]));
  const fresh: number[] = [];
  await db.transaction().execute(async (trx) => {
    const insert = async (
      key: string,
      values: Parameters<ReturnType<typeof trx.insertInto<'resources'>>['values']>[0],
    ) => {
      const { id } = await trx.insertInto('resources').values(values).returning('id').executeTakeFirstOrThrow();
      await trx.insertInto('resource_seeds').values({ seed_key: key }).execute();
      seeded.add(key);
      idByKey.set(key, id);
      fresh.push(id);
      return id;
    };
    let sort = 0;
    for (const route of flattenRoutes(ROUTE_TREE)) {
      sort++;
      const key = menuKey(route.fullPath);
      let id = idByKey.get(key);
      if (!seeded.has(key)) {
        const parentId = route.parentPath === undefined ? null : (idByKey.get(menuKey(route.parentPath)) ?? null);
        id = await insert(key, {
          parent_id: parentId,
          kind: 'menu',
          name: route.name,
          title_key: route.titleKey,
          router_path: route.fullPath,
          perm: route.perm ?? null,
          icon: route.icon ?? null,
          sort,
          seed_key: key,
        });
      }
      for (const button of route.buttons ?? []) {
        const bkey = buttonKey(button.perm);
        sort++;
        // a button whose menu an administrator deleted is not seeded (its page is gone too)
        if (seeded.has(bkey) || id === undefined) continue;
        await insert(bkey, {
          parent_id: id,
          kind: 'button',
          name: button.perm,
          title_key: button.titleKey,
          router_path: null,
          perm: button.perm,
          icon: null,
          sort,
          seed_key: bkey,
        });
      }
    }
    const before = rows.filter((r) => r.seed_key !== null).map((r) => r.id);
    if (!fresh.length || before.length === 0) return;
    const roles = await trx
      .selectFrom('role_resources')
      .select(['role_id'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('resource_id', 'in', before)
      .groupBy('role_id')
      .execute();
    const full = roles.filter((r) => Number(r.n) >= before.length).map((r) => r.role_id);
    for (const roleId of full)
      await trx
        .insertInto('role_resources')
        .values(fresh.map((resource_id) => ({ role_id: roleId, resource_id })))
        .execute();
  });
}
