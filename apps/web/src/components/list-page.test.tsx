import { describe, expect, it } from 'vitest';
import { signedInWith } from '@/test-utils';
import { actionsColumn } from './list-page';

const render = () => null;

describe('actionsColumn', () => {
  it('is left out for a user holding none of its actions’ permissions (a read-only role sees no empty column)', () => {
    signedInWith('device:list');
    expect(actionsColumn('Actions', render, { perms: ['device:update', 'device:bind'] }).hidden).toBe(true);
  });

  it('is shown with any one of them', () => {
    signedInWith('device:list,device:bind');
    expect(actionsColumn('Actions', render, { perms: ['device:update', 'device:bind'] }).hidden).toBe(false);
  });

  it('is shown when its actions need no permission', () => {
    signedInWith('');
    expect(actionsColumn('Actions', render).hidden).toBe(false);
  });
});
