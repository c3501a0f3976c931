import type { OrgTreeRow } from '@pv/contract';
import { toTree, type OrgNode } from '@/features/org/api/get-orgs';

export interface TreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** The organisations as TreeSelect data; `exclude` (a subtree being moved) is shown but not selectable. */
export function toTreeOptions(orgs: OrgTreeRow[], exclude?: OrgTreeRow): TreeOption[] {
  const map = (n: OrgNode, inside: boolean): TreeOption => {
    const disabled = inside || n.id === exclude?.id;
    return {
      value: n.id,
      title: n.name,
      disabled: disabled || undefined,
      children: n.children?.map((c) => map(c, disabled)),
    };
  };
  return toTree(orgs).map((n) => map(n, false));
}
