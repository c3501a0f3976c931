import type { ResourceRow } from '@pv/contract';
import { useTranslation } from 'react-i18next';

export type TreeRow<T> = T & { children?: TreeRow<T>[] };

/** Nests rows by parentId, keeping their order; rows whose parent is missing become roots. */
export function buildTree<T extends { id: number; parentId: number | null }>(rows: T[]): TreeRow<T>[] {
  const nodes = new Map<number, TreeRow<T>>(rows.map((r) => [r.id, { ...r }]));
  const roots: TreeRow<T>[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId === null ? undefined : nodes.get(r.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * The label of a resource: the console's translation while the resource keeps its seeded title,
 * else the names an administrator gave it (the English one in English when set).
 */
export function useResourceLabel(): (r: Pick<ResourceRow, 'titleKey' | 'name' | 'nameEn'>) => string {
  const { t, i18n } = useTranslation();
  return (r) => {
    if (r.titleKey && i18n.exists(r.titleKey)) return t(r.titleKey);
    return i18n.language === 'en' ? r.nameEn || r.name : r.name;
  };
}
