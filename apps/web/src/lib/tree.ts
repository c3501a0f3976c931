export type TreeRow<T> = T & { children?: TreeRow<T>[] };

/** Nests rows by parentId, keeping their order; rows whose parent is missing (outside the scope) become roots. */
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
