import type { FlatRoute } from '@pv/contract';
import { create } from 'zustand';

export interface TagView {
  /** The route's full path (the tab's identity). */
  path: string;
  /** The path with its query, where the tab leads back to. */
  fullPath: string;
  name: string;
  titleKey: string;
  affix?: boolean;
  noCache?: boolean;
}

/**
 * The tab of a page. Affix when its route says so (the dashboard) or when it is the user's landing
 * page (`home`, the plant list of a user outside ROOT, who has no dashboard): every user keeps the
 * page they start from, and "close others" never leaves an agent with the current tab alone.
 */
export const viewOf = (route: FlatRoute, home: string, fullPath = route.fullPath): TagView => ({
  path: route.fullPath,
  fullPath,
  name: route.name,
  titleKey: route.titleKey,
  affix: !!route.affix || route.fullPath === home,
  noCache: route.noCache,
});

export interface TagsViewState {
  visitedViews: TagView[];
  /** Paths of the pages kept alive while hidden. */
  cachedViews: string[];
  /** Bumped per path by "refresh" so the page mounts again. */
  refreshKeys: Record<string, number>;
  addView(view: TagView): void;
  delView(view: TagView): void;
  delOthersViews(view: TagView): void;
  delAllViews(): void;
  refreshView(path: string): void;
  /** Drops every tab whose path is not among `paths` (routes of an earlier user, say). */
  keepOnly(paths: string[]): void;
}

/**
 * Tabs of spec §4: a tab is added unless its path is there, a cached view unless the route is
 * noCache; delete-others keeps the affix tabs and the chosen one; delete-all keeps the affix
 * tabs. An affix tab is never closed.
 */
export const useTagsView = create<TagsViewState>((set) => ({
  visitedViews: [],
  cachedViews: [],
  refreshKeys: {},
  addView: (view) =>
    set((s) => {
      const present = s.visitedViews.find((v) => v.path === view.path);
      // the same page opened with another query keeps its tab but follows the new query; a tab
      // opened before it became the landing page (another user's) is pinned when it is
      const visitedViews = !present
        ? [...s.visitedViews, view]
        : present.fullPath === view.fullPath && (present.affix || !view.affix)
          ? s.visitedViews
          : s.visitedViews.map((v) =>
              v === present ? { ...v, fullPath: view.fullPath, affix: !!(v.affix || view.affix) } : v,
            );
      const cachedViews =
        view.noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path];
      return visitedViews === s.visitedViews && cachedViews === s.cachedViews ? s : { visitedViews, cachedViews };
    }),
  delView: (view) =>
    set((s) => {
      if (s.visitedViews.some((v) => v.path === view.path && v.affix) || view.affix) return s;
      return {
        visitedViews: s.visitedViews.filter((v) => v.path !== view.path),
        cachedViews: s.cachedViews.filter((p) => p !== view.path),
      };
    }),
  delOthersViews: (view) =>
    set((s) => {
      const visitedViews = s.visitedViews.filter((v) => v.affix || v.path === view.path);
      const kept = new Set(visitedViews.map((v) => v.path));
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => kept.has(p)) };
    }),
  delAllViews: () =>
    set((s) => {
      const visitedViews = s.visitedViews.filter((v) => v.affix);
      const kept = new Set(visitedViews.map((v) => v.path));
      return { visitedViews, cachedViews: s.cachedViews.filter((p) => kept.has(p)) };
    }),
  refreshView: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
  keepOnly: (paths) =>
    set((s) => {
      const allowed = new Set(paths);
      if (s.visitedViews.every((v) => allowed.has(v.path)) && s.cachedViews.every((p) => allowed.has(p))) return s;
      return {
        visitedViews: s.visitedViews.filter((v) => allowed.has(v.path)),
        cachedViews: s.cachedViews.filter((p) => allowed.has(p)),
      };
    }),
}));
