import type { OrgTreeRow } from '@pv/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '@/lib/http';

export const getOrgs = () => http.get<OrgTreeRow[]>('/orgs');

export const orgsQuery = () => queryOptions({ queryKey: ['orgs'], queryFn: getOrgs });

export const useOrgs = () => useQuery(orgsQuery());

export type OrgNode = OrgTreeRow & { children?: OrgNode[] };

/** The flat list (parents first) as a tree; an organisation whose parent is outside the scope is a root. */
export function toTree(rows: OrgTreeRow[]): OrgNode[] {
  const byId = new Map<number, OrgNode>(rows.map((r) => [r.id, { ...r }]));
  const roots: OrgNode[] = [];
  for (const node of byId.values()) {
    const parent = node.parentId === null ? undefined : byId.get(node.parentId);
    if (parent) (parent.children ??= []).push(node);
    else roots.push(node);
  }
  return roots;
}
