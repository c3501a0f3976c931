import { flattenRoutes, ROUTE_TREE } from '@pv/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * Menus (one per route of the contract's route tree, with its routerPath) and buttons (one per
 * permission code), inserted when missing: the route table is the single source of both.
 */
export async function syncResources(db: Kysely<Database>): Promise<void> {
  const existing = await db.selectFrom('resources').select(['id', 'kind', 'router_path', 'perm']).execute();
  const menuByPath = new Map(existing.filter((r) => r.kind === 'menu').map((r) => [r.router_path, r.id]));
  const buttonByPerm = new Set(existing.filter((r) => r.kind === 'button').map((r) => r.perm));
  let sort = 0;
  for (const route of flattenRoutes(ROUTE_TREE)) {
    sort++;
    let id = menuByPath.get(route.fullPath);
    if (id === undefined) {
      const parentId = route.parentPath === undefined ? null : (menuByPath.get(route.parentPath) ?? null);
      const row = await db
        .insertInto('resources')
        .values({ parent_id: parentId, kind: 'menu', name: route.name, title_key: route.titleKey, router_path: route.fullPath, perm: route.perm ?? null, icon: route.icon ?? null, sort })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id;
      menuByPath.set(route.fullPath, id);
    }
    for (const button of route.buttons ?? []) {
      if (buttonByPerm.has(button.perm)) continue;
      await db
        .insertInto('resources')
        .values({ parent_id: id, kind: 'button', name: button.perm, title_key: button.titleKey, router_path: null, perm: button.perm, icon: null, sort: sort++ })
        .execute();
      buttonByPerm.add(button.perm);
    }
  }
}
