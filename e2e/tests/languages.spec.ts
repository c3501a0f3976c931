import { expect, test } from '../support/test';
import { signIn } from '../support/session';

// Issue 22: Spanish and Japanese are whole languages: chosen in the navbar's menu, the dashboard,
// the plant list and the server's error toasts speak them, and dates are written in each
// language's order (the contract's DATE_ORDERS: day/month/year in es, year/month/day in ja).
const CASES = [
  {
    lang: 'es',
    name: 'Español',
    overview: 'Resumen',
    kpi: 'Potencia actual',
    plantListTitle: 'Lista de plantas - Plataforma de monitorización fotovoltaica',
    plantColumn: 'Nombre de la planta',
    wrongPassword: 'La contraseña actual no es correcta',
    // DD/MM/YYYY HH:mm:ss
    dateTime: /^(?<day>\d{2})\/(?<month>\d{2})\/(?<year>\d{4}) \d{2}:\d{2}:\d{2}$/,
  },
  {
    lang: 'ja',
    name: '日本語',
    overview: '概要',
    kpi: '現在の発電電力',
    plantListTitle: '発電所一覧 - 太陽光発電監視プラットフォーム',
    plantColumn: '発電所名',
    wrongPassword: '現在のパスワードが正しくありません',
    // YYYY/MM/DD HH:mm:ss
    dateTime: /^(?<year>\d{4})\/(?<month>\d{2})\/(?<day>\d{2}) \d{2}:\d{2}:\d{2}$/,
  },
] as const;

for (const c of CASES)
  test(`switching to ${c.name} shows the dashboard, the plant list and an error in ${c.lang}`, async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, 'admin');
    await page.getByTestId('language-switch').click();
    // the menu offers every language, each named in itself
    for (const name of ['中文', 'English', 'Español', '日本語'])
      await expect(page.getByRole('menuitem', { name })).toBeVisible();
    await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: c.name }).click()]);
    expect((await page.context().cookies()).find((k) => k.name === 'language')?.value).toBe(c.lang);
    await expect(page.getByTestId('language-switch')).toContainText(c.name);

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: c.overview })).toBeVisible();
    await expect(page.getByText(c.kpi, { exact: true })).toBeVisible();

    await page.goto('/power_station/power_station_list');
    await expect(page).toHaveTitle(c.plantListTitle);
    await expect(page.getByRole('columnheader', { name: c.plantColumn })).toBeVisible();
    // the data update time of a plant (the simulated fleet reports every 10 s) in the language's order
    const updated = page.locator('.ant-table-tbody .zoned-time').first();
    await expect(updated).toBeVisible();
    const shown = (await updated.innerText()).replace(/\s+/g, ' ').trim();
    const abbr = (await updated.locator('.zoned-time-zone').innerText()).trim();
    const text = shown.slice(0, shown.length - abbr.length).trim();
    const parts = c.dateTime.exec(text)?.groups;
    expect(parts, `"${text}" in the ${c.lang} date order`).toBeTruthy();
    // read in that order it is a day within a day and a half of now (in any plant's zone)
    const day = Date.UTC(Number(parts!.year), Number(parts!.month) - 1, Number(parts!.day));
    expect(Math.abs(day - Date.now()), text).toBeLessThan(36 * 3_600_000);

    // the server answers in the console's language (Accept-Language), shown as a toast
    await page.goto('/userCenter/changePassword');
    await page.getByTestId('old-password').fill('not-the-password');
    await page.getByTestId('new-password').fill('brand-new-pass');
    await page.getByTestId('confirm-password').fill('brand-new-pass');
    await page.getByTestId('change-password-submit').click();
    await expect(page.locator('.ant-message')).toContainText(c.wrongPassword);
  });
