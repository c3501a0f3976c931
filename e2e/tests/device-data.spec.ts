import { expect, test, type Page } from '../support/test';
import ExcelJS from 'exceljs';
import { LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';

// sign-in and the lazy pages (the chart's code among them); the machine is shared
test.describe.configure({ timeout: 90_000 });

const MIN = 60_000;
/** Minutes before now of the samples a test posts: three in the last hour, two before it. */
const AGO = [30, 40, 50, 130, 150];

/** "YYYY-MM-DD HH:mm" in local time, as the range picker takes it (the browser runs in this machine's zone). */
const pickerText = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** How many pixels of a canvas are drawn (not transparent). */
const drawnPixels = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .locator('canvas')
    .first()
    .evaluate((c: HTMLCanvasElement) => {
      const data = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) n++;
      return n;
    });

// a device of the test's own with samples of known times and values, posted over HTTP as a device
// would: its point history in the data overview, its raw samples in data acquisition and their export
for (const lang of LANGS) {
  test(`[${lang}] a device's data overview charts a point over the history ranges, and data acquisition lists and exports its raw samples`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    const sn = `E2E-DATA-${stamp()}`;
    const created = await request.post('/photo_voltaic/devices', {
      headers: admin,
      data: { sn, name: 'E2E data inverter', type: 'inverter' },
    });
    expect(created.status()).toBe(200);
    const { id, deviceKey } = ((await created.json()) as { data: { id: number; deviceKey: string } }).data;
    const now = Date.now();
    const samples = AGO.map((m, i) => ({
      ts: now - m * MIN,
      points: { acPower: 1000 + i * 100, temperature: 30 + i },
    }));
    for (const s of samples)
      expect(
        (
          await request.post(`/photo_voltaic/devices/${sn}/telemetry`, {
            headers: { 'x-device-key': deviceKey },
            data: s,
          })
        ).status(),
      ).toBe(200);

    // data overview: real time first (5-minute averages of the last 3 hours)
    await page.goto(`/devices/devices_detail?id=${id}`);
    const realtime = page.waitForResponse((r) => r.url().includes(`/devices/${id}/history?point=acPower&range=0`));
    await page.getByTestId('open-data-overview').click();
    await expect(page).toHaveURL(new RegExp(`/devices/devices_data_overview\\?id=${id}$`));
    expect(
      ((await (await realtime).json()) as { data: { series: [number, number][] } }).data.series.map(([, v]) => v),
    ).toEqual([1400, 1300, 1200, 1100, 1000]);
    await expect(page.getByTestId('overview-point')).toContainText(t('device.points.acPower'));
    await expect(page.getByTestId('point-chart').locator('canvas')).toBeVisible();
    await expect.poll(() => drawnPixels(page, 'point-chart')).toBeGreaterThan(0);
    await expect(page.getByText(t('device.range.fiveMinutes'))).toBeVisible();
    // 7 days: refetched, hourly averages
    const week = page.waitForResponse((r) => r.url().includes(`/devices/${id}/history?point=acPower&range=7`));
    await page
      .getByTestId('overview-range')
      .getByText(t('device.range.days', { count: 7 }), { exact: true })
      .click();
    const weekly = ((await (await week).json()) as { data: { stepMs: number; series: [number, number][] } }).data;
    expect(weekly.stepMs).toBe(3_600_000);
    expect(weekly.series.length).toBeGreaterThan(0);
    await expect(page.getByText(t('device.range.hourly'))).toBeVisible();
    await expect(page.getByTestId('point-chart').locator('canvas')).toBeVisible();
    // another point of the device
    const temperature = page.waitForResponse((r) =>
      r.url().includes(`/devices/${id}/history?point=temperature&range=7`),
    );
    await page.getByTestId('overview-point').click();
    await pickOption(page, t('device.points.temperature'));
    expect((await temperature).status()).toBe(200);
    await expect(page.getByTestId('point-chart')).toHaveAttribute(
      'aria-label',
      new RegExp(`^${t('device.points.temperature')}`),
    );

    // data acquisition: the last hour by default
    await page.goto('/devices/data');
    await expect(page.getByText(t('device.data.choose'))).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('data-export')).toBeDisabled();
    await page.getByTestId('data-device').click();
    await page.keyboard.type(sn);
    await pickOption(page, sn);
    await page.getByTestId('data-search').click();
    const table = page.getByTestId('samples-table');
    const rows = table.locator('tr.ant-table-row');
    await expect(rows).toHaveCount(3);
    await expect(page.getByText(t('device.data.total', { count: 3 }))).toBeVisible();
    await expect(table.locator('thead')).toContainText(`${t('device.points.acPower')} (W)`);
    // newest first
    await expect(rows.first()).toContainText(/1,?000/);
    await expect(rows.last()).toContainText(/1,?200/);

    // a range three hours back takes in the two older samples
    const inputs = page.locator('.ant-picker-range input');
    await expect(inputs).toHaveCount(2);
    await inputs.first().click();
    await inputs.first().fill(pickerText(now - 180 * MIN));
    await inputs.first().press('Enter');
    // this minute as the end: a minute later may be tomorrow at 23:59, a day the picker refuses
    await inputs.last().fill(pickerText(now));
    await inputs.last().press('Enter');
    await expect(inputs.first()).toHaveValue(pickerText(now - 180 * MIN));
    await page.getByTestId('data-search').click();
    await expect(rows).toHaveCount(5);
    await expect(page.getByText(t('device.data.total', { count: 5 }))).toBeVisible();
    await expect(rows.last()).toContainText(/1,?400/);

    // the export: a real .xlsx with the range's samples, its sheet and header in the page's language
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('data-export').click()]);
    expect(download.suggestedFilename()).toBe(`samples-${sn}.xlsx`);
    await expect(page.locator('.ant-message').getByText(t('device.exported'))).toBeVisible();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.getWorksheet(t('deviceExport.samplesSheet'));
    expect(sheet, 'the samples sheet').toBeTruthy();
    // the time column holds UTC Date cells, and its header says so (issue 42)
    expect((sheet!.getRow(1).values as unknown[]).slice(1)).toEqual([
      t('export.inUtc', { header: t('deviceExport.ts') }),
      'acPower',
      'temperature',
    ]);
    const exported = sheet!.getRows(2, sheet!.rowCount - 1)!.map((r) => r.values as unknown[]);
    // (a spreadsheet date holds whole seconds reliably)
    const second = (ms: number) => Math.round(ms / 1000);
    expect(exported.map((v) => [second((v[1] as Date).getTime()), v[2], v[3]])).toEqual(
      samples.map((s) => [second(s.ts), s.points.acPower, s.points.temperature]),
    );
  });
}
