import { expect, test, type Locator, type Page } from '../support/test';
import { LANGS, translator, useLanguage } from '../support/i18n';
import { apiToken, signInByApi } from '../support/session';

// sign-in, the lazy pages and the chart's code; the machine is shared
test.describe.configure({ timeout: 120_000 });
// a 390 px phone (below antd's xs breakpoint, where lists turn into cards)
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });

const WIDTH = 390;

/** Nothing on the page is wider than the phone: no sideways scrolling. */
async function expectNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(WIDTH);
}

/** The element lies within the phone's width. */
async function expectOnScreen(el: Locator) {
  const box = await el.boundingBox();
  expect(box, 'the element has a box').not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(WIDTH + 0.5);
}

for (const lang of LANGS) {
  test.describe(`phone (${lang})`, () => {
    const t = translator(lang);
    test.beforeEach(async ({ page, request }) => {
      await useLanguage(page, lang);
      await signInByApi(page, request, 'admin');
    });

    test('the plant list is a column of cards: name, status, power and today', async ({ page }) => {
      await page.goto('/power_station/power_station_list');
      const cards = page.getByTestId('plant-cards');
      await expect(cards).toBeVisible();
      await expect(page.locator('.ant-table')).toHaveCount(0);
      const first = cards.locator('[data-testid^="plant-card-"]').first();
      await expect(first.getByRole('link').first()).toBeVisible();
      await expect(first).toContainText(t('plant.power'));
      await expect(first).toContainText(t('plant.energyToday'));
      await expect(first).toContainText(/\d[\d.,]* [kM]?W(?!h)/);
      await expectOnScreen(first);
      await expectNoSidewaysScroll(page);
    });

    test('the device list shows cards and one filter, the others folded behind "More filters"', async ({ page }) => {
      await page.goto('/devices/devices__manage');
      await expect(page.getByTestId('device-cards')).toBeVisible();
      await expect(page.locator('.ant-table')).toHaveCount(0);
      const more = page.getByTestId('more-filters');
      await expect(more).toHaveText(t('common.moreFilters'));
      const folded = page.getByTestId('folded-filters');
      await expect(folded).toBeHidden();
      // the first card starts on the first screen, under the filters
      const card = page.locator('[data-testid^="device-card-"]').first();
      const box = await card.boundingBox();
      expect(box!.y).toBeLessThan(844);
      await more.click();
      await expect(folded.locator('.ant-form-item').first()).toBeVisible();
      await expect(more).toHaveText(t('common.fewerFilters'));
      await expectNoSidewaysScroll(page);
    });

    test('a device page keeps its header: name, SN, online and run tags on screen', async ({ page, request }) => {
      const token = await apiToken(request, 'admin');
      const res = await request.get('/photo_voltaic/devices?pageSize=5&type=inverter', {
        headers: { 'X-Token': token },
      });
      const device = ((await res.json()) as { data: { rows: { id: number; sn: string; name: string }[] } }).data
        .rows[0]!;
      await page.goto(`/devices/devices_detail?id=${device.id}`);
      const header = page.getByTestId('device-header');
      await expect(header).toBeVisible();
      await expect(page.getByTestId('device-title')).toHaveText(device.name);
      await expect(page.getByTestId('device-sn')).toHaveText(device.sn);
      for (const el of [page.getByTestId('device-title'), page.getByTestId('device-sn')]) await expectOnScreen(el);
      const tags = header.locator('.ant-tag');
      expect(await tags.count()).toBeGreaterThanOrEqual(2);
      for (const tag of await tags.all()) await expectOnScreen(tag);
      await expectNoSidewaysScroll(page);
    });

    test('the dashboard puts its figures two to a row and draws its charts', async ({ page }) => {
      await page.goto('/dashboard');
      const power = page.getByTestId('kpi-power');
      const today = page.getByTestId('kpi-today');
      await expect(power).toBeVisible();
      const [a, b] = [await power.boundingBox(), await today.boundingBox()];
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      expect(b!.x).toBeGreaterThan(a!.x + a!.width - 1);
      expect(b!.x + b!.width).toBeLessThanOrEqual(WIDTH);
      for (const id of ['chart-power', 'chart-daily']) {
        const chart = page.getByTestId(id);
        await chart.scrollIntoViewIfNeeded();
        await expect(chart.locator('canvas').first()).toBeVisible();
        const box = await chart.locator('canvas').first().boundingBox();
        expect(box!.width).toBeGreaterThan(200);
        expect(box!.height).toBeGreaterThan(100);
      }
      await expectNoSidewaysScroll(page);
    });
  });
}
