import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, login, type TestApp } from './helper.js';

/** The demo's fault history (DEMO with its history): what a newcomer sees in the fault list on the first start. */

let t: TestApp;
const DAY = 86_400_000;

beforeAll(async () => {
  t = await buildTestApp({ DEMO_HISTORY: 'true', SIMULATOR_PLANTS: '4' });
}, 120_000);
afterAll(async () => t.close());

describe('demo faults', () => {
  it('seeds 60 days of faults: most fixed with their steps, a few in each open processing state', async () => {
    const admin = await login(t.app, 'admin');
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url: `/photo_voltaic${url}`, headers: { 'x-token': admin } })).json().data;
    const counts = await get('/faults/counts');
    expect(counts.all).toBeGreaterThanOrEqual(12);
    expect(counts.open).toBeGreaterThanOrEqual(1);
    expect(counts.acknowledged).toBeGreaterThanOrEqual(1);
    expect(counts.inProgress).toBeGreaterThanOrEqual(1);
    expect(counts.fixed).toBeGreaterThan(counts.all / 2);

    const rows = (await get('/faults?pageSize=200')).rows as {
      id: number;
      openedAt: number;
      fixedAt: number | null;
      severity: string;
      code: string;
      plantTimeZone: string;
      processing: string;
      handledBy: string | null;
    }[];
    const now = Date.now();
    expect(rows.every((r) => r.openedAt > now - 61 * DAY && r.openedAt <= now)).toBe(true);
    expect(rows.every((r) => r.fixedAt === null || (r.fixedAt > r.openedAt && r.fixedAt <= now))).toBe(true);
    expect(new Set(rows.map((r) => r.severity)).size).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((r) => r.code)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.plantTimeZone)).size).toBeGreaterThanOrEqual(2);
    expect(rows.filter((r) => r.processing === 'fixed').every((r) => r.handledBy)).toBe(true);

    const fixed = rows.find((r) => r.processing === 'fixed')!;
    const detail = await get(`/faults/${fixed.id}`);
    const actions = detail.history.map((h: { action: string }) => h.action);
    expect(actions[0]).toBe('opened');
    expect(actions.at(-1)).toBe('fixed');
    expect(detail.history.at(-1).userName).toBeTruthy();
    expect(detail.history.at(-1).note).toBeTruthy();
  });
});
