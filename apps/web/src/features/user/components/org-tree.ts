/** antd TreeSelect data from organisations linked by parentId (those without a visible parent at the top). */
export function orgTree(orgs: { id: number; parentId: number | null; name: string }[]) {
  type Node = { value: number; title: string; children: Node[] };
  const nodes = new Map<number, Node>(orgs.map((o) => [o.id, { value: o.id, title: o.name, children: [] }]));
  const roots: Node[] = [];
  for (const o of orgs) {
    const parent = o.parentId === null ? undefined : nodes.get(o.parentId);
    (parent ? parent.children : roots).push(nodes.get(o.id)!);
  }
  return roots;
}
