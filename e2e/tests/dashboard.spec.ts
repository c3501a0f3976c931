import { expect, test, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import { apiToken, signIn } from '../support/session';

async function useLanguage(page: Page, lang: 'en' | 'zh') {
  await page.context().addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
}

for (const [lang, labels] of [
  ['en', { power: 'Current power', chart: "Today's power", live: 'Live' }],
  ['zh', { power: '当前功率', chart: '今日功率', live: '实时' }],
] as const) {
  test(`dashboard (${lang}): KPIs and charts of the demo fleet, a live update from the simulator refreshes the figures without reload`, async ({
    page,
  }) => {
    await useLanguage(page, lang);
    const stream = page.waitForResponse((r) => r.url().includes('/photo_voltaic/events?ticket='));
    await signIn(page, 'admin');
    await expect(page).toHaveURL('/dashboard');
    expect((await stream).headers()['content-type']).toContain('text/event-stream');

    const power = page.getByTestId('kpi-power');
    await expect(power).toContainText(labels.power);
    await expect(page.getByTestId('kpi-plants')).toContainText('24');
    await expect(page.getByTestId('chart-power')).toContainText(labels.chart);
    await expect(page.getByTestId('chart-power').locator('canvas')).toBeVisible();
    // the tooltip loads under the first pointer over a chart and then shows the power at that time
    const chart = page.getByTestId('chart-power');
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.locator('canvas').boundingBox())!;
    await expect
      .poll(async () => {
        await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
        await page.mouse.move(box.x + box.width * 0.32, box.y + box.height / 2);
        return chart.innerText();
      })
      .toMatch(/\d\d:\d\d[\s\S]*\d\s*[kM]?W/);
    await expect(page.getByText(labels.live, { exact: true })).toBeVisible();

    // the page must not reload: a mark on the window survives only without one
    await page.evaluate(() => ((window as unknown as { pvMark: number }).pvMark = 42));
    // the figures' time, not the power: at 3 significant digits a fleet near noon can read the same
    // for a minute (the simulated sky changes smoothly), while every refresh moves the time on
    const updated = page.getByTestId('dashboard-updated');
    await expect(updated).toContainText(/\d\d:\d\d:\d\d/);
    const before = await updated.textContent();
    const refetch = page.waitForResponse((r) => r.url().includes('/photo_voltaic/dashboard?'), { timeout: 55_000 });
    // the simulator reports every 10 s, the server refreshes every 15 s and pushes an event
    await expect.poll(async () => updated.textContent(), { timeout: 55_000, intervals: [1000] }).not.toBe(before);
    await expect(power).toContainText(/\d/);
    expect((await refetch).status()).toBe(200);
    expect(await page.evaluate(() => (window as unknown as { pvMark?: number }).pvMark)).toBe(42);
  });
}

test('the agent has no dashboard: the API answers 403 and the console starts at the plant list', async ({
  page,
  request,
}) => {
  const token = await apiToken(request, 'agent');
  const res = await request.get('/photo_voltaic/dashboard', { headers: { 'X-Token': token } });
  expect(res.status()).toBe(403);
  await signIn(page, 'agent');
  await expect(page).toHaveURL(/\/power_station/);
  await expect(page.getByTestId('kpi-power')).toHaveCount(0);
});
