// INTERFACE STUB — owned by the web-shell helper, who replaces the body (keep the exports).
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
  addView(view: TagView): void;
  delView(view: TagView): void;
  delOthersViews(view: TagView): void;
  delAllViews(): void;
}

export const useTagsView = create<TagsViewState>(() => ({
  visitedViews: [],
  cachedViews: [],
  addView: () => {},
  delView: () => {},
  delOthersViews: () => {},
  delAllViews: () => {},
}));
