import { create } from 'zustand';

export interface TagView {
  path: string;
  fullPath: string;
  name: string;
  titleKey: string;
  affix?: boolean;
  noCache?: boolean;
}

export interface TagsViewState {
  visitedViews: TagView[];
  cachedViews: string[];
  /** Bumped per path by "refresh" so the page mounts again. */
  refreshKeys: Record<string, number>;
  addView(view: TagView): void;
  delView(view: TagView): void;
  delOthersViews(view: TagView): void;
  delAllViews(): void;
  refreshView(path: string): void;
}

/** Tabs of spec §4: visited unless present, cached unless noCache; affix tabs never close. */
export const useTagsView = create<TagsViewState>((set) => ({
  visitedViews: [],
  cachedViews: [],
  refreshKeys: {},
  addView: (view) =>
    set((s) => {
      const visited = s.visitedViews.some((v) => v.path === view.path)
        ? s.visitedViews.map((v) => (v.path === view.path ? { ...v, fullPath: view.fullPath } : v))
        : [...s.visitedViews, view];
      const cached = view.noCache || s.cachedViews.includes(view.path) ? s.cachedViews : [...s.cachedViews, view.path];
      return { visitedViews: visited, cachedViews: cached };
    }),
  delView: (view) =>
    set((s) => (view.affix ? s : { visitedViews: s.visitedViews.filter((v) => v.path !== view.path), cachedViews: s.cachedViews.filter((p) => p !== view.path) })),
  delOthersViews: (view) =>
    set((s) => ({
      visitedViews: s.visitedViews.filter((v) => v.affix || v.path === view.path),
      cachedViews: s.cachedViews.filter((p) => p === view.path || s.visitedViews.some((v) => v.affix && v.path === p)),
    })),
  delAllViews: () =>
    set((s) => {
      const affix = s.visitedViews.filter((v) => v.affix);
      return { visitedViews: affix, cachedViews: s.cachedViews.filter((p) => affix.some((v) => v.path === p)) };
    }),
  refreshView: (path) => set((s) => ({ refreshKeys: { ...s.refreshKeys, [path]: (s.refreshKeys[path] ?? 0) + 1 } })),
}));
