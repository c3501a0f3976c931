/**
 * The grant tree's rules, kept apart from the component so they are tested alone.
 * A child is reachable only through its parent (routes are filtered by full path), so:
 * - checking a node grants it, every grantable node below it and every node above it;
 * - unchecking a node takes it and every grantable node below it away;
 * - a granted node with something below it not granted shows half-checked.
 */
export interface GrantNode {
  id: number;
  parentId: number | null;
  grantable: boolean;
}

export function childrenOf(nodes: GrantNode[]) {
  const map = new Map<number, number[]>();
  for (const n of nodes) if (n.parentId !== null) map.set(n.parentId, [...(map.get(n.parentId) ?? []), n.id]);
  return map;
}

function descendants(id: number, children: Map<number, number[]>): number[] {
  return (children.get(id) ?? []).flatMap((c) => [c, ...descendants(c, children)]);
}

export function toggle(nodes: GrantNode[], granted: Set<number>, id: number): Set<number> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = childrenOf(nodes);
  const below = descendants(id, children).filter((d) => byId.get(d)?.grantable);
  const next = new Set(granted);
  const full = granted.has(id) && below.every((d) => granted.has(d));
  if (full) {
    next.delete(id);
    for (const d of below) next.delete(d);
    return next;
  }
  next.add(id);
  for (const d of below) next.add(d);
  for (let p = byId.get(id)?.parentId ?? null; p !== null; p = byId.get(p)?.parentId ?? null) next.add(p);
  return next;
}

/** What antd's Tree shows in checkStrictly mode. */
export function display(nodes: GrantNode[], granted: Set<number>): { checked: number[]; halfChecked: number[] } {
  const children = childrenOf(nodes);
  const checked: number[] = [];
  const halfChecked: number[] = [];
  for (const n of nodes) {
    if (!granted.has(n.id)) continue;
    if (descendants(n.id, children).every((d) => granted.has(d))) checked.push(n.id);
    else halfChecked.push(n.id);
  }
  return { checked, halfChecked };
}
