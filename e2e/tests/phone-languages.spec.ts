import { LANGUAGES } from '@pv/contract';
import { expect, test, type Locator, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import { signInByApi } from '../support/session';

// Issue 42: at 390 px the main pages fit the phone in all four languages. Spanish and Japanese
// labels are longer than English ones: the plant list's status tabs ("Sin conexión (0)", "故障 (15)")
// scrolled the page 48 px sideways, the fault list hid its tabs behind "…", and the plant's page
// cut its zone to "America/Sa". Layout is measured here, in a real Chromium (jsdom has none).
test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

/** The page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const [scroll, client] = await page.evaluate(() => {
    const el = document.scrollingElement!;
    return [el.scrollWidth, el.clientWidth];
  });
  expect(scroll, `${what}: the page is ${scroll} px wide on a ${client} px screen`).toBeLessThanOrEqual(client);
}

/**
 * The element is shown whole: on the screen, its text not cut by its own width ("…") nor by an
 * ancestor that hides what overflows it (a tab bar, a card's title).
 */
async function expectWhole(el: Locator, what: string) {
  await expect(el, what).toBeVisible();
  const cut = await el.evaluate((node) => {
    const box = node.getBoundingClientRect();
    if (box.left < -0.5 || box.right > window.innerWidth + 0.5) return `off screen (${box.left}–${box.right})`;
    if (node.scrollWidth > node.clientWidth + 1)
      return `wider than its box (${node.scrollWidth} > ${node.clientWidth})`;
    for (let a = node.parentElement; a && a !== document.body; a = a.parentElement) {
      const style = getComputedStyle(a);
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      // a scrolling list or page may hold it outside the part shown; a box that hides its overflow may not
      if (style.overflowX !== 'hidden' && style.overflowX !== 'clip') continue;
      if (box.left < r.left - 0.5 || box.right > r.right + 0.5)
        return `cut by ${a.className || a.tagName} (${box.left}–${box.right} in ${r.left}–${r.right})`;
    }
    return null;
  });
  expect(cut, `${what}: "${(await el.innerText()).trim()}"`).toBeNull();
}

for (const lang of LANGUAGES)
  test(`the main pages fit a 390 px phone in ${lang}: no sideways scroll, tabs and zone whole`, async ({
    page,
    request,
  }) => {
    await page.context().addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
    const token = await signInByApi(page, request, 'admin');
    const plants = (
      (await (await request.get('/photo_voltaic/plants?pageSize=100', { headers: { 'X-Token': token } })).json()) as {
        data: { rows: { id: number; timeZone: string }[] };
      }
    ).data.rows;
    // the longest zone name of the demo's fleet
    const plant = plants.reduce((a, b) => (b.timeZone.length > a.timeZone.length ? b : a));

    await page.goto('/dashboard');
    await expect(page.getByTestId('kpi-power')).toBeVisible();
    await expectNoSidewaysScroll(page, 'dashboard');

    await page.goto('/power_station/power_station_list');
    await expect(page.getByTestId('plant-cards').locator('[data-testid^="plant-card-"]').first()).toBeVisible();
    for (const k of ['all', 'online', 'offline', 'fault'])
      await expectWhole(page.getByTestId(`plant-tab-${k}`), `plant status tab ${k}`);
    await expectNoSidewaysScroll(page, 'plant list');

    await page.goto(`/power_station/power_station_detail?id=${plant.id}`);
    const zone = page.getByTestId('plant-zone');
    await expect(zone).toContainText(plant.timeZone);
    await expectWhole(zone, "the plant's zone");
    await expectNoSidewaysScroll(page, 'plant detail');

    await page.goto('/devices/devices__manage');
    await expect(page.getByTestId('device-cards').locator('[data-testid^="device-card-"]').first()).toBeVisible();
    await expectNoSidewaysScroll(page, 'device list');

    await page.goto('/systems/problem');
    for (const k of ['all', 'open', 'acknowledged', 'inProgress', 'fixed'])
      await expectWhole(page.getByTestId(`fault-tab-${k}`), `fault status tab ${k}`);
    await expectNoSidewaysScroll(page, 'fault list');

    await page.goto('/systems/power-company');
    await expect(page.getByTestId('price-list')).toBeVisible();
    await expectNoSidewaysScroll(page, 'tariffs');
  });
