import { buildTree, type TreeRow } from '@/lib/tree';

type OrgLike = { id: number; parentId: number | null; name: string };

export interface OrgTreeOption {
  value: number;
  title: string;
  disabled?: boolean;
  children?: OrgTreeOption[];
}

/**
 * Organisations as antd TreeSelect data (those without a visible parent at the top); `exclude` (a
 * subtree being moved) is shown but neither it nor its descendants can be picked.
 */
export function orgTreeOptions(orgs: OrgLike[], exclude?: { id: number }): OrgTreeOption[] {
  const map = (n: TreeRow<OrgLike>, inside: boolean): OrgTreeOption => {
    const disabled = inside || n.id === exclude?.id;
    return {
      value: n.id,
      title: n.name,
      disabled: disabled || undefined,
      children: n.children?.map((c) => map(c, disabled)),
    };
  };
  return buildTree(orgs).map((n) => map(n, false));
}
