import { filterRoutes, flattenRoutes, routeTreeFor, type FlatRoute, type RouteDef } from '@pv/contract';
import type { UserInfo } from '@/stores/session';
import { homePathOf } from '@/stores/session';

/** The routes this user may reach: the build's tree filtered by the server's routerPath list (spec §5). */
export function permittedTree(routerPaths: string[], saas: boolean): RouteDef[] {
  return filterRoutes(routeTreeFor(saas), routerPaths);
}

export function flatten(tree: RouteDef[]): FlatRoute[] {
  return flattenRoutes(tree);
}

/** The page routes (leaves) by full path. */
export function pagesByPath(tree: RouteDef[]): Map<string, FlatRoute> {
  return new Map(
    flatten(tree)
      .filter((r) => !r.children)
      .map((r) => [r.fullPath, r]),
  );
}

/** Spec §2: "/" goes to the first permitted top-level route plus its first child. */
export function firstPath(tree: RouteDef[]): string | undefined {
  for (const top of tree) {
    const child = (top.children ?? []).find((c) => !c.hidden) ?? top.children?.[0];
    if (child) return top.path === '/' ? `/${child.path}` : `${top.path}/${child.path}`;
    if (!top.children) return top.path;
  }
  return undefined;
}

/** Where a group path (e.g. /power_station) leads: its first permitted visible child. */
export function groupRedirect(tree: RouteDef[], path: string): string | undefined {
  const group = tree.find((g) => g.path === path);
  return group ? firstPath([group]) : undefined;
}

export function loginRedirect(wanted: string): string {
  return `/login?redirect=${encodeURIComponent(wanted)}`;
}

/** The message a failed navigation shows (spec §8): the error's own message, else "Has Error". */
export function navigationErrorMessage(err: unknown, fallback: string): string {
  if (err instanceof Error && err.message) return err.message;
  if (typeof err === 'string' && err) return err;
  return fallback;
}

export interface Crumb {
  titleKey: string;
  path?: string;
}

/** Spec §2: the breadcrumb starts with the dashboard for ROOT, otherwise with the plant list. */
export function breadcrumbOf(pathname: string, tree: RouteDef[], info: Pick<UserInfo, 'orgGroup'>): Crumb[] {
  const home = homePathOf(info);
  const flat = flatten(tree);
  const homeRoute = flat.find((r) => r.fullPath === home);
  const crumbs: Crumb[] = [
    {
      titleKey: homeRoute?.titleKey ?? (home === '/dashboard' ? 'route.dashboard' : 'route.powerStationList'),
      path: home,
    },
  ];
  if (pathname === home) return crumbs;
  const page = flat.find((r) => r.fullPath === pathname);
  if (!page) return crumbs;
  const parent = flat.find((r) => r.fullPath === page.parentPath);
  if (parent && parent.path !== '/') crumbs.push({ titleKey: parent.titleKey });
  crumbs.push({ titleKey: page.titleKey });
  return crumbs;
}
