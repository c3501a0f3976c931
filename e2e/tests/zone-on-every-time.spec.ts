import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { LANGS, stamp, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';
import { scrollToPlantPart } from '../support/plant';

// Issue 42: the users list ("Created 2026-12-07 23:50:01"), the MQTT page and a plant's authorised
// users (under a header saying "MST") printed Asia/Shanghai times without saying so. Walked here
// with the browser in São Paulo and the user's zone set to Tokyo, so a time shown on the wrong
// clock, or on the right one unnamed, is caught: a zone name follows every time on each page.
test.describe.configure({ timeout: 120_000 });
test.use({ timezoneId: 'America/Sao_Paulo' });

const USER_ZONE = 'Asia/Tokyo';
const PLANT_ZONE = 'America/Phoenix';
/** The short names the console writes after a time (Intl's, GMT written UTC). */
const ABBR = {
  [USER_ZONE]: { en: 'UTC+9', zh: 'UTC+9' },
  [PLANT_ZONE]: { en: 'MST', zh: 'UTC-7' },
} as const;

/** A date and time as the console writes them in en and zh (YYYY-MM-DD HH:mm[:ss], or MM-DD HH:mm). */
const DATE_TIME = /(?:\d{4}-)?\d{2}-\d{2} \d{2}:\d{2}(?::\d{2})?/g;
/** What must follow it: a zone's short name (an abbreviation such as MST, or a UTC offset). */
const ZONE_AFTER = /^\s*(?:UTC(?:[+-]\d{1,2}(?::\d{2})?)?|[A-Z]{2,5})(?![\w:])/;

/** "YYYY-MM-DD HH:mm:ss" of an instant on a zone's clock, computed without the console's code. */
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

/** Every time in the page's content, and those of them no zone name follows. */
async function timesOnPage(page: Page) {
  const text = (await page.locator('main.pv-content').innerText()).replace(/\u00a0/g, ' ');
  const times = [...text.matchAll(DATE_TIME)];
  const unnamed = times
    .filter((m) => !ZONE_AFTER.test(text.slice(m.index + m[0].length)))
    .map((m) => text.slice(m.index, m.index + m[0].length + 12));
  return { count: times.length, unnamed };
}

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** Sets the signed-in user's zone through the API (null: the browser's), keeping the rest of the profile. */
async function setUserZone(request: APIRequestContext, headers: Record<string, string>, timeZone: string | null) {
  const profile = await data<{ nickname: string; email: string | null; mobile: string | null }>(
    await request.get('/photo_voltaic/profile', { headers }),
  );
  await data(
    await request.put('/photo_voltaic/profile', {
      headers,
      data: { nickname: profile.nickname, email: profile.email ?? '', mobile: profile.mobile ?? '', timeZone },
    }),
  );
}

for (const lang of LANGS) {
  test(`[${lang}] users, MQTT endpoints and a plant's authorised users name the zone of every time`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    await setUserZone(request, admin, USER_ZONE);
    try {
      // the users list: when each was created, in the user's zone (Tokyo), named
      const users = await data<{ rows: { loginName: string; createdAt: number }[] }>(
        await request.get('/photo_voltaic/users?pageNum=1&pageSize=20&loginName=viewer', { headers: admin }),
      );
      const viewer = users.rows.find((u) => u.loginName === 'viewer')!;
      await page.goto('/auth/user');
      const viewerRow = page.locator('tr.ant-table-row', { hasText: 'Audit Viewer' });
      await expect(viewerRow.locator('.zoned-time')).toHaveText(
        `${wall(viewer.createdAt, USER_ZONE)} ${ABBR[USER_ZONE][lang]}`,
        { timeout: 30_000 },
      );
      await expect(viewerRow.locator('.zoned-time')).toHaveAttribute('data-zone', USER_ZONE);
      let seen = await timesOnPage(page);
      expect(seen.count).toBeGreaterThan(1);
      expect(seen.unnamed).toEqual([]);

      // the MQTT page: each endpoint record's creation, named (and the archive's last filing, if any)
      const endpoints = await data<{ rows: { id: number; createdAt: number }[] }>(
        await request.get('/photo_voltaic/mqtt-configs?pageNum=1&pageSize=20', { headers: admin }),
      );
      expect(endpoints.rows.length).toBeGreaterThan(0);
      await page.goto('/systems/mqtt');
      const created = page.locator('.ant-table-tbody .zoned-time');
      await expect(created.first()).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('archive-last-filed')).toBeVisible();
      await expect(created).toHaveText(
        endpoints.rows.map((r) => `${wall(r.createdAt, USER_ZONE)} ${ABBR[USER_ZONE][lang]}`),
      );
      seen = await timesOnPage(page);
      expect(seen.count).toBeGreaterThanOrEqual(endpoints.rows.length);
      expect(seen.unnamed).toEqual([]);

      // a plant in Phoenix with an authorised user: the grant's time on the plant's clock, as the header says
      const plant = await data<{ id: number }>(
        await request.post('/photo_voltaic/plants', {
          headers: admin,
          data: { name: `E2EZone${stamp()}`, capacityKw: 4, timeZone: PLANT_ZONE },
        }),
      );
      await data(
        await request.post(`/photo_voltaic/plants/${plant.id}/grants`, {
          headers: admin,
          data: { emails: 'viewer@pv-console.example', perms: ['view'] },
        }),
      );
      const [grant] = await data<{ createdAt: number }[]>(
        await request.get(`/photo_voltaic/plants/${plant.id}/grants`, { headers: admin }),
      );
      await page.goto(`/power_station/power_station_detail?id=${plant.id}`);
      await expect(page.getByTestId('plant-zone')).toContainText(ABBR[PLANT_ZONE][lang], { timeout: 30_000 });
      await scrollToPlantPart(page, 'tables');
      await page.getByTestId('plant-tab-grants').click();
      await expect(page.getByTestId('plant-tab-grants')).toHaveText(t('plant.tabs.grants'));
      const grantRow = page.locator('tr.ant-table-row', { hasText: 'Audit Viewer (viewer)' });
      await expect(grantRow.locator('.zoned-time')).toHaveText(
        `${wall(grant!.createdAt, PLANT_ZONE)} ${ABBR[PLANT_ZONE][lang]}`,
      );
      seen = await timesOnPage(page);
      expect(seen.count).toBeGreaterThan(0);
      expect(seen.unnamed).toEqual([]);
    } finally {
      await setUserZone(request, admin, null);
    }
  });
}
