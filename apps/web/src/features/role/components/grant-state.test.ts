import { describe, expect, it } from 'vitest';
import { display, toggle, type GrantNode } from './grant-state';

// /auth (1) > /auth/user (2) > user:create (3), user:delete (4, not yours); /auth/role (5)
const nodes: GrantNode[] = [
  { id: 1, parentId: null, grantable: true },
  { id: 2, parentId: 1, grantable: true },
  { id: 3, parentId: 2, grantable: true },
  { id: 4, parentId: 2, grantable: false },
  { id: 5, parentId: 1, grantable: true },
];

describe('grant tree', () => {
  it('checking a button grants the menus above it, and shows them half-checked', () => {
    const g = toggle(nodes, new Set(), 3);
    expect([...g].sort()).toEqual([1, 2, 3]);
    expect(display(nodes, g)).toEqual({ checked: [3], halfChecked: [1, 2] });
  });

  it('checking a menu grants what you hold below it, never what you do not', () => {
    const g = toggle(nodes, new Set(), 1);
    expect([...g].sort()).toEqual([1, 2, 3, 5]);
    // user:delete is not yours: /auth/user stays half-checked
    expect(display(nodes, g)).toEqual({ checked: [3, 5], halfChecked: [1, 2] });
  });

  it('unchecking a fully granted node takes it and what is below away; a half-checked one is completed first', () => {
    const full = new Set([1, 2, 3, 4, 5]);
    expect([...toggle(nodes, full, 2)].sort()).toEqual([1, 4, 5]);
    const half = new Set([1, 2]);
    expect([...toggle(nodes, half, 2)].sort()).toEqual([1, 2, 3]);
    expect([...toggle(nodes, toggle(nodes, half, 2), 2)].sort()).toEqual([1]);
  });
});
