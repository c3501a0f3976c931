import { describe, expect, it } from 'vitest';
import {
  isCalendarDay,
  providerAssignBody,
  providerBody,
  providerUpdateBody,
  PROVIDER_ASSIGN_MAX,
} from './provider.js';
import { saasHiddenAccess } from './routes.js';

const issues = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe('service provider rules', () => {
  it('takes a real calendar day only', () => {
    expect(isCalendarDay('2026-05-31')).toBe(true);
    expect(isCalendarDay('2024-02-29')).toBe(true);
    for (const v of ['2026-02-30', '2025-02-29', '2026-5-31', '31/05/2026', '2026-13-01', ''])
      expect([v, isCalendarDay(v)]).toEqual([v, false]);
  });

  it('checks name, phone, contract number and day by the §5 rules, empty optional fields allowed', () => {
    expect(providerBody.safeParse({ name: 'Sunny', phone: '', contractNo: '', lastMaintenanceAt: '' }).success).toBe(
      true,
    );
    expect(issues(providerBody.safeParse({ name: 'bad name!' }))).toEqual(['validation.name']);
    expect(issues(providerBody.safeParse({ name: 'Sunny', phone: 'call me' }))).toEqual(['validation.mobile']);
    expect(issues(providerBody.safeParse({ name: 'Sunny', contractNo: '-x' }))).toEqual(['validation.identifier']);
    expect(issues(providerBody.safeParse({ name: 'Sunny', lastMaintenanceAt: '2026-02-30' }))).toEqual([
      'validation.maintenanceDay',
    ]);
    expect(providerBody.parse({ name: 'Sunny' }).contractStatus).toBe('active');
    expect(providerBody.safeParse({ name: 'Sunny', contractStatus: 'cancelled' }).success).toBe(false);
    // a name kept from before the rule may stay on edit
    expect(providerUpdateBody.safeParse({ name: 'SunPath Services' }).success).toBe(true);
  });

  it('assigns one to PROVIDER_ASSIGN_MAX plants at once', () => {
    expect(providerAssignBody.safeParse({ providerId: 2, plantIds: [] }).success).toBe(false);
    expect(providerAssignBody.safeParse({ providerId: 2, plantIds: [1, 2] }).success).toBe(true);
    const many = Array.from({ length: PROVIDER_ASSIGN_MAX + 1 }, (_, i) => i + 1);
    expect(providerAssignBody.safeParse({ providerId: 2, plantIds: many }).success).toBe(false);
  });

  it('names what the SaaS build leaves out: both provider routes and the provider permissions', () => {
    const { paths, perms } = saasHiddenAccess();
    expect([...paths].sort()).toEqual([
      '/business_partners/service_provider',
      '/business_partners/service_provider_management',
    ]);
    expect([...perms].sort()).toEqual(
      [
        'provider:assign',
        'provider:create',
        'provider:delete',
        'provider:export',
        'provider:list',
        'provider:manage',
        'provider:update',
      ].sort(),
    );
  });
});
