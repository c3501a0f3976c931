import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirect';

describe('redirect after sign-in', () => {
  it('keeps a path of the console with its query', () => {
    expect(safeRedirect('/auth/user?pageNum=2')).toBe('/auth/user?pageNum=2');
    expect(safeRedirect('/devices/devices__manage')).toBe('/devices/devices__manage');
  });

  it('goes to / for nothing, another site, or a protocol-relative address', () => {
    for (const bad of [null, undefined, '', 'https://evil.example', '//evil.example/x', '/\\evil.example', 'auth/user'])
      expect(safeRedirect(bad), String(bad)).toBe('/');
  });
});
