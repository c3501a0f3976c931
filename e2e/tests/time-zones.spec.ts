import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';

// sign-in, the lazy pages and the chart's code; the machine is shared
test.describe.configure({ timeout: 120_000 });
// The browser's own zone is none of the plants' and not the zone the user picks: a time shown in
// the browser's zone where a plant's or the user's is meant would be caught.
test.use({ timezoneId: 'America/Sao_Paulo' });

const MIN = 60_000;
const BUCKET = 5 * MIN;

/** The plants of the test, each with the abbreviation of its zone the console writes after a time. */
const PLANTS = [
  { zone: 'Africa/Johannesburg', abbr: { en: /^UTC\+2$/, zh: /^UTC\+2$/ } },
  { zone: 'America/Los_Angeles', abbr: { en: /^P[SD]T$/, zh: /^UTC-[78]$/ } },
  { zone: 'Asia/Kolkata', abbr: { en: /^UTC\+5:30$/, zh: /^UTC\+5:30$/ } },
] as const;

/** "YYYY-MM-DD HH:mm:ss" of an instant on a zone's clock, computed here without the console's code. */
function wall(ms: number, zone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The same in the console's date order for `lang`: English and Chinese keep spec §9's YYYY-MM-DD
 * (the contract's DATE_ORDERS; es and ja, which reorder it, are checked by languages.spec.ts).
 */
const wallIn = (_lang: string, ms: number, zone: string) => wall(ms, zone);

/** Sets the signed-in user's time zone through the API (null: the browser's), keeping the rest of the profile. */
async function setUserZone(request: APIRequestContext, headers: Record<string, string>, timeZone: string | null) {
  const profile = (
    (await (await request.get('/photo_voltaic/profile', { headers })).json()) as {
      data: { nickname: string; email: string | null; mobile: string | null };
    }
  ).data;
  const res = await request.put('/photo_voltaic/profile', {
    headers,
    data: { nickname: profile.nickname, email: profile.email ?? '', mobile: profile.mobile ?? '', timeZone },
  });
  expect(res.status()).toBe(200);
}

/** The one time (ZonedTime) inside a locator: its text, its zone's abbreviation and its hover title. */
async function zonedTime(page: Page, scope: ReturnType<Page['locator']>) {
  const el = scope.locator('.zoned-time').first();
  await expect(el).toBeVisible();
  return {
    text: (await el.innerText()).replace(/\s+/g, ' ').trim(),
    abbr: (await el.locator('.zoned-time-zone').innerText()).trim(),
    title: (await el.getAttribute('title')) ?? '',
  };
}

for (const lang of LANGS) {
  test(`[${lang}] device times are on their plant's clock with the zone named; audit times follow the user's zone`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    await setUserZone(request, admin, null);
    try {
      // three plants in three zones, an inverter each, a sample of each at one known instant
      const s = stamp();
      const at = Math.floor((Date.now() - 20 * MIN) / BUCKET) * BUCKET;
      const devices: { id: number; sn: string; plantId: number; zone: string; abbr: RegExp }[] = [];
      for (const [i, plant] of PLANTS.entries()) {
        const created = await request.post('/photo_voltaic/plants', {
          headers: admin,
          data: { name: `E2ETZ${s}P${i}`, capacityKw: 5, timeZone: plant.zone },
        });
        expect(created.status()).toBe(200);
        const plantId = ((await created.json()) as { data: { id: number } }).data.id;
        const sn = `E2ETZ${s}${i}`;
        const device = await request.post('/photo_voltaic/devices', {
          headers: admin,
          data: { sn, name: `E2E TZ inverter ${i}`, type: 'inverter', plantId },
        });
        expect(device.status()).toBe(200);
        const { id, deviceKey } = ((await device.json()) as { data: { id: number; deviceKey: string } }).data;
        const sample = await request.post(`/photo_voltaic/devices/${sn}/telemetry`, {
          headers: { 'x-device-key': deviceKey },
          data: { ts: at, points: { acPower: 1000 + i } },
        });
        expect(sample.status()).toBe(200);
        devices.push({ id, sn, plantId, zone: plant.zone, abbr: plant.abbr[lang] });
      }
      // the API names each device's zone
      const listed = (
        (await (
          await request.get(`/photo_voltaic/devices?pageNum=1&pageSize=10&sn=E2ETZ${s}`, { headers: admin })
        ).json()) as { data: { rows: { sn: string; timeZone: string | null; lastOnlineAt: number | null }[] } }
      ).data.rows;
      for (const d of devices)
        expect(listed.find((r) => r.sn === d.sn)).toMatchObject({ timeZone: d.zone, lastOnlineAt: at });

      // the device list: last online on each plant's clock, the zone named, its full name on hover
      await page.goto('/devices/devices__manage');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('filter-sn').fill(`E2ETZ${s}`);
      await page.getByTestId('device-search').click();
      await expect(rows).toHaveCount(3);
      for (const d of devices) {
        const shown = await zonedTime(page, rows.filter({ hasText: d.sn }));
        expect(shown.text.startsWith(wallIn(lang, at, d.zone)), `${d.sn}: ${shown.text}`).toBe(true);
        expect(shown.abbr).toMatch(d.abbr);
        expect(shown.title).toContain(d.zone);
      }
      // 06:00 at the plant is not 06:00 in the browser: the three differ from each other
      expect(new Set(devices.map((d) => wallIn(lang, at, d.zone).slice(11, 16))).size).toBe(3);

      for (const d of devices) {
        // the device page: last online on the plant's clock
        await page.goto(`/devices/devices_detail?id=${d.id}`);
        const last = await zonedTime(page, page.getByTestId('device-last-online'));
        expect(last.text.startsWith(`${wallIn(lang, at, d.zone)} `), last.text).toBe(true);
        expect(last.abbr).toMatch(d.abbr);
        expect(last.title).toContain(d.zone);

        // its chart: drawn, on the plant's clock, the latest bucket (the sample's) named in its zone
        await page.goto(`/devices/devices_data_overview?id=${d.id}`);
        await expect(page.getByTestId('point-chart').locator('canvas')).toBeVisible({ timeout: 30_000 });
        const latest = await zonedTime(page, page.getByTestId('overview-latest'));
        expect(latest.text.startsWith(wallIn(lang, at, d.zone)), latest.text).toBe(true);
        expect(latest.abbr).toMatch(d.abbr);
      }

      // the audit trail: the creation of the first plant, in the user's zone (the browser's at first)
      const audit = (
        (await (
          await request.get('/photo_voltaic/audit?pageNum=1&pageSize=50&entity=plant&action=create', {
            headers: admin,
          })
        ).json()) as { data: { rows: { id: number; at: number; recordId: string | null }[] } }
      ).data.rows.find((r) => r.recordId === String(devices[0]!.plantId));
      expect(audit, 'the audit entry of the plant created').toBeTruthy();
      await page.goto('/auth/audit');
      const entry = page.locator(`tr[data-row-key="${audit!.id}"]`);
      await expect(entry).toBeVisible({ timeout: 30_000 });
      let shown = await zonedTime(page, entry);
      expect(shown.text.startsWith(wallIn(lang, audit!.at, 'America/Sao_Paulo')), shown.text).toBe(true);
      expect(shown.title).toContain('America/Sao_Paulo');

      // the user picks Tokyo in the user center: the audit follows, the plants' devices do not
      await page.goto('/userCenter/personalData');
      const select = page.getByTestId('profile-time-zone');
      await expect(select).toContainText(t('time.setting.browser', { zone: 'America/Sao_Paulo' }));
      await select.click();
      await page.keyboard.type('Tokyo');
      const saved = page.waitForResponse(
        (r) => r.url().endsWith('/photo_voltaic/profile') && r.request().method() === 'PUT',
      );
      await pickOption(page, 'Asia/Tokyo');
      expect((await saved).status()).toBe(200);
      await expect(select).toContainText('Asia/Tokyo');

      await page.goto('/auth/audit');
      await expect(entry).toBeVisible({ timeout: 30_000 });
      shown = await zonedTime(page, entry);
      expect(shown.text, 'the audit time on Tokyo time').toBe(`${wallIn(lang, audit!.at, 'Asia/Tokyo')} ${shown.abbr}`);
      expect(shown.abbr).toMatch(/^(JST|UTC\+9)$/);
      expect(shown.title).toContain('Asia/Tokyo');
      await expect(page.getByTestId('audit-zone')).toContainText('Asia/Tokyo');

      await page.goto(`/devices/devices_detail?id=${devices[0]!.id}`);
      const still = await zonedTime(page, page.getByTestId('device-last-online'));
      expect(still.text.startsWith(wallIn(lang, at, devices[0]!.zone)), still.text).toBe(true);
    } finally {
      // the other suites expect the browser's zone
      await setUserZone(request, admin, null);
    }
  });
}
