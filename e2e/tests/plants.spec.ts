import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '../support/test';
import { LANGS, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, signIn, signInByApi } from '../support/session';
import { scrollToPlantPart } from '../support/plant';

const LIST = '/power_station/power_station_list';

async function inChinese(page: Page) {
  await page
    .context()
    .addCookies([
      { name: 'language', value: 'zh', url: page.url().startsWith('http') ? page.url() : 'http://127.0.0.1' },
    ]);
}

/** The plant rows of the current table page, by name. */
const rowNames = (page: Page) => page.locator('[data-testid^="plant-link-"]').allInnerTexts();

test('admin searches, stars, filters favourites, sorts and exports the plant list', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(LIST);
  await expect(page.getByTestId('plant-tab-all')).toHaveText(/^All \(\d+\)$/);
  await page.locator('#plantSearch_name').fill('Berlin1');
  await page.getByRole('button', { name: /Search/ }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Berlin1']);
  const row = page.locator('tr', { has: page.getByText('Berlin1', { exact: true }) });
  await row.locator('[data-testid^="plant-star-"]').click();
  await page.getByRole('button', { name: /Reset/ }).click();
  await page.getByTestId('plant-favourites-only').click();
  await expect.poll(() => rowNames(page)).toEqual(['Berlin1']);
  await page.getByTestId('plant-favourites-only').click();
  await page.locator('th', { hasText: 'Capacity' }).click();
  await expect.poll(async () => (await rowNames(page)).length).toBe(20);
  const download = page.waitForEvent('download');
  await page.getByTestId('plant-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('plants.xlsx');
  expect(
    readFileSync(await file.path())
      .subarray(0, 2)
      .toString(),
  ).toBe('PK');
});

for (const lang of LANGS) {
  test(`[${lang}] admin creates a plant with the §5 form rules, edits it and deletes it with confirmation`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    const toast = (key: string, values?: Record<string, string | number>) =>
      page.locator('.ant-message').getByText(t(key, values));
    // letters, digits and (in Chinese) Chinese characters: all allowed by the name rule
    const name = `${lang === 'zh' ? '测试电站' : 'E2EPlant'}${stamp()}`;
    await useLanguage(page, lang);
    const token = await signInByApi(page, request, 'admin');
    await page.goto(LIST);
    await page.getByTestId('plant-create').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('plant.createTitle'));
    await dialog.locator('#plantForm_name').fill('bad name!');
    await dialog.locator('#plantForm_latitude').fill('95');
    await page.getByTestId('plant-form-ok').click();
    await expect(dialog.getByText(t('validation.name'))).toBeVisible();
    await expect(dialog.getByText(t('validation.required', { field: t('plant.capacityKw') }))).toBeVisible();
    await expect(dialog.getByText(t('validation.latitude'))).toBeVisible();
    await dialog.locator('#plantForm_name').fill(name);
    await dialog.locator('#plantForm_capacityKw').fill('5');
    await dialog.locator('#plantForm_latitude').fill('48.1');
    await dialog.locator('#plantForm_longitude').fill('11.5');
    await page.getByTestId('plant-form-ok').click();
    await expect(toast('success.create')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.locator('#plantSearch_name').fill(name);
    await page.getByRole('button', { name: t('common.search') }).click();
    await expect.poll(() => rowNames(page)).toEqual([name]);
    await page.locator('[data-testid^="plant-edit-"]').first().click();
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('plant.editTitle'));
    await expect(dialog.locator('#plantForm_name')).toHaveValue(name);
    await dialog.locator('#plantForm_longitude').fill('200');
    await page.getByTestId('plant-form-ok').click();
    await expect(dialog.getByText(t('validation.longitude'))).toBeVisible();
    await dialog.locator('#plantForm_longitude').fill('11.6');
    await dialog.locator('#plantForm_name').fill(`${name}B`);
    await page.getByTestId('plant-form-ok').click();
    await expect(toast('success.update')).toBeVisible();
    await page.locator('#plantSearch_name').fill(`${name}B`);
    await page.getByRole('button', { name: t('common.search') }).click();
    await expect.poll(() => rowNames(page)).toEqual([`${name}B`]);
    const id = Number(
      (await page.locator('[data-testid^="plant-link-"]').first().getAttribute('data-testid'))!.replace(
        'plant-link-',
        '',
      ),
    );

    // asked first: cancelling keeps the plant
    const popover = page.locator('.ant-popover:visible');
    await page.getByTestId(`plant-delete-${id}`).click();
    await expect(popover.getByText(t('plant.confirmDelete', { name: `${name}B` }))).toBeVisible();
    await expect(popover.getByText(t('plant.confirmDeleteDevices', { count: 0 }))).toBeVisible();
    await popover.locator('.ant-btn:not(.ant-btn-primary)').click();
    await expect(toast('plant.deleteCancelled')).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([`${name}B`]);
    await page.getByTestId(`plant-delete-${id}`).click();
    await popover.locator('.ant-btn-primary').click();
    await expect(toast('success.delete')).toBeVisible();
    await expect.poll(() => rowNames(page)).toEqual([]);
    expect((await request.get(`/photo_voltaic/plants/${id}`, { headers: { 'X-Token': token } })).status()).toBe(404);
  });
}

test('the plant detail shows facts, weather, the chart ranges, energy flow and the devices', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto(LIST);
  await page.locator('#plantSearch_name').fill('Shanghai1');
  await page.getByRole('button', { name: /Search/ }).click();
  await expect.poll(() => rowNames(page)).toEqual(['Shanghai1']);
  await page.locator('[data-testid^="plant-link-"]').first().click();
  await expect(page).toHaveURL(/\/power_station\/power_station_detail\?id=\d+/);
  await expect(page.getByTestId('plant-detail-name')).toHaveText('Shanghai1');
  await expect(page.getByTestId('plant-weather')).toContainText('Temperature');
  await expect(page.getByTestId('plant-weather')).toContainText('°C');
  await expect(page.getByTestId('flow-pv')).toBeVisible();
  const chart = page.waitForResponse((r) => r.url().includes('/chart?range=7'));
  await page.getByTestId('plant-chart-range').getByText('7 days').click();
  expect((await (await chart).json()).data.points).toHaveLength(7);
  await scrollToPlantPart(page, 'tables');
  await expect(page.locator('[data-testid^="plant-device-INV"]').first()).toBeVisible();
  await page.locator('[data-testid^="plant-device-INV"]').first().click();
  await expect(page).toHaveURL(/\/devices\/devices_detail\?id=\d+/);
});

test('in Chinese: the list tabs, columns and the detail', async ({ page }) => {
  await page.goto('/login');
  await inChinese(page);
  await signIn(page, 'admin');
  await page.goto(LIST);
  await expect(page.getByTestId('plant-tab-all')).toHaveText(/^全部 \(\d+\)$/);
  await expect(page.getByTestId('plant-tab-online')).toContainText('在线');
  await expect(page.locator('th', { hasText: '日发电量' })).toBeVisible();
  await expect(page.locator('th', { hasText: '数据更新时间' })).toBeVisible();
  await page.locator('[data-testid^="plant-link-"]').first().click();
  await expect(page.getByTestId('plant-weather')).toContainText('温度');
  await expect(page.getByText('能量流')).toBeVisible();
  await expect(page.getByTestId('plant-chart-range')).toContainText('实时');
});

test('the agent sees only the plants of its organisation, and a grant shares one with another agent', async ({
  page,
  request,
}) => {
  const admin = await apiToken(request, 'admin');
  const all = (
    await (await request.get('/photo_voltaic/plants?pageSize=100', { headers: { 'X-Token': admin } })).json()
  ).data.rows as { id: number; name: string; orgId: number }[];
  // SunPath and every organisation below it (other specs add some: an installer with its plants)
  const orgs = (await (await request.get('/photo_voltaic/orgs', { headers: { 'X-Token': admin } })).json()).data as {
    id: number;
    parentId: number | null;
    code: string;
  }[];
  const subtree = new Set(orgs.filter((o) => o.code === 'SUNPATH').map((o) => o.id));
  for (let grew = true; grew;) {
    grew = false;
    for (const o of orgs)
      if (o.parentId !== null && subtree.has(o.parentId) && !subtree.has(o.id)) grew = Boolean(subtree.add(o.id));
  }
  const mine = all.filter((p) => subtree.has(p.orgId));
  const others = all.filter((p) => !mine.includes(p));
  expect(mine.length).toBeGreaterThan(0);
  expect(others.length).toBeGreaterThan(0);

  await signIn(page, 'agent');
  await expect(page).toHaveURL(LIST);
  await expect(page.getByTestId('plant-tab-all')).toHaveText(`All (${mine.length})`);
  const names = await rowNames(page);
  for (const n of names) expect(mine.map((p) => p.name)).toContain(n);
  for (const p of others) expect(names).not.toContain(p.name);
  // another tenant's plant by id: not found
  await page.goto(`/power_station/power_station_detail?id=${others[0]!.id}`);
  await expect(page.getByText('This plant does not exist or is not in your scope')).toBeVisible();

  // the agent authorises the Delta agent on one of its plants
  const shared = mine[0]!;
  await page.goto(`/power_station/power_station_detail?id=${shared.id}`);
  await scrollToPlantPart(page, 'tables');
  await page.getByTestId('plant-tab-grants').click();
  await page.getByTestId('grant-add').click();
  await page.getByTestId('grant-emails').fill('agent@sunpath.example');
  await page.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('The authorised object cannot be the authoriser')).toBeVisible();
  await page.getByTestId('grant-emails').fill('ops@delta.example');
  await page.getByRole('dialog').getByRole('button', { name: /Save/ }).click();
  await expect(page.getByText('Authorization Successful')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Delta Agent (delta)' })).toBeVisible();

  const delta = await apiToken(request, 'delta');
  const seen = (
    await (await request.get(`/photo_voltaic/plants/${shared.id}`, { headers: { 'X-Token': delta } })).json()
  ).data;
  expect(seen).toMatchObject({ name: shared.name, access: 'grant' });
  const edit = await request.put(`/photo_voltaic/plants/${shared.id}`, {
    headers: { 'X-Token': delta },
    data: { name: 'Hijack', capacityKw: 1, timeZone: 'UTC' },
  });
  expect(edit.status()).toBe(404);

  await page.getByTestId('grant-delete-delta').click();
  await page.locator('.ant-popover').getByRole('button', { name: /OK/ }).click();
  await expect(page.getByText('Deleted Success')).toBeVisible();
  expect((await request.get(`/photo_voltaic/plants/${shared.id}`, { headers: { 'X-Token': delta } })).status()).toBe(
    404,
  );
});
