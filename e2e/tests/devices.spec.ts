import { expect, test, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import { LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { signIn, signInByApi } from '../support/session';

const T = {
  en: { pushSuccess: 'Push Success', chooseFirst: 'A device must be chosen before deleting' },
  zh: { pushSuccess: '推送成功', chooseFirst: '删除前请先选择设备' },
} as const;

// sign-in, lazy pages and an MQTT round trip each; the machine is shared, so give them room
test.describe.configure({ timeout: 90_000 });

async function signInIn(page: Page, lang: 'en' | 'zh', user = 'admin') {
  await page.context().addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
  await signIn(page, user);
}

for (const lang of ['en', 'zh'] as const) {
  test.describe(`devices (${lang})`, () => {
    test('the list filters by SN in the server, asks for a choice before deleting, and opens a detail', async ({
      page,
    }) => {
      await signInIn(page, lang);
      await page.goto('/devices/devices__manage');
      const rows = page.locator('.ant-table-tbody tr.ant-table-row');
      // the first visit loads the page's code and the first page of devices
      await expect(rows.first()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId('filter-sn').fill('INVP0001');
      await page.getByTestId('device-search').click();
      await expect(rows.first()).toContainText('INVP0001');
      const count = await rows.count();
      expect(count).toBeGreaterThan(0);
      for (let i = 0; i < count; i++) await expect(rows.nth(i)).toContainText('INVP0001');

      await page.getByTestId('device-delete').click();
      await expect(page.getByText(T[lang].chooseFirst)).toBeVisible();

      const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('device-export').click()]);
      expect(download.suggestedFilename()).toBe('devices.xlsx');

      await page.getByTestId('device-open-INVP000101').click();
      await expect(page).toHaveURL(/\/devices\/devices_detail\?id=\d+/);
      await expect(page.getByTestId('device-title')).toBeVisible();
      await expect(page.getByTestId('live-points')).toBeVisible();
      // the inverter's production from its daily rollups, labelled in the page's language
      await expect(page.getByTestId('device-energy')).toContainText(lang === 'en' ? 'Total production' : '总发电量');
      await expect(page.getByTestId('energy-total')).toContainText(/\d [kMG]?Wh/);
    });

    test('a control command pushed to a simulated device reaches success from its ack', async ({ page }) => {
      // one device per language (the demo's upgrade history may have commands of its own)
      const sn = lang === 'en' ? 'INVP000102' : 'INVP000103';
      await signInIn(page, lang);
      await page.goto('/devices/devices__manage');
      await page.getByTestId('filter-sn').fill(sn);
      await page.getByTestId('device-search').click();
      await page.getByTestId(`device-open-${sn}`).click();
      const panel = page.getByTestId('control-panel');
      await expect(panel).toBeVisible();
      // an overlapping schedule is refused in the form (spec §5) before anything is sent
      await page.getByTestId('control-power').fill('2500');
      await page.getByTestId('period-add').click();
      await page.getByTestId('period-add').click();
      await page.getByTestId('period-start-0').fill('08:00');
      await page.getByTestId('period-end-0').fill('12:00');
      await page.getByTestId('period-start-1').fill('11:00');
      await page.getByTestId('period-end-1').fill('13:00');
      await page.getByTestId('control-push').click();
      await expect(page.getByTestId('control-error')).toBeVisible();
      await expect(page.getByTestId('command-history')).not.toContainText(/2,?500 W/);

      await page.getByTestId('period-start-1').fill('13:00');
      await page.getByTestId('period-end-1').fill('15:00');
      await page.getByTestId('control-push').click();
      // sent once the confirmation is answered (device-control.spec.ts covers the question itself)
      await page.locator('.ant-modal-confirm').last().getByTestId('command-confirm-ok').click();
      await expect(page.getByText(T[lang].pushSuccess)).toBeVisible();
      const first = page.getByTestId('command-history').locator('tr.ant-table-row').first();
      await expect(first).toContainText(/2,?500 W/);
      await expect(first).toContainText('admin');
      // the simulator acks over MQTT; the history refetches until the status settles
      await expect(first.getByTestId('command-status-success')).toBeVisible({ timeout: 20_000 });
      await expect(first).toContainText('mode=charge');
    });
  });
}

test('a device created in the console shows its key once, and that key signs the device in', async ({
  page,
  request,
}) => {
  await signInIn(page, 'en');
  await page.goto('/devices/devices__manage');
  await page.getByTestId('device-create').click();
  const sn = `E2E-${Date.now() % 1_000_000}`;
  await page.locator('#device-form_sn').fill(sn);
  await page.locator('#device-form_name').fill('E2E inverter');
  await page.locator('#device-form_type').click();
  await pickOption(page, /^Inverter$/);
  await page.locator('#device-form_mac').fill('not-a-mac');
  await page.getByTestId('device-form-ok').click();
  await expect(page.getByText('Please enter a MAC address like 00:1A:2B:3C:4D:5E')).toBeVisible();
  await page.locator('#device-form_mac').fill('');
  await page.getByTestId('device-form-ok').click();
  await expect(page.getByText('Create Successful')).toBeVisible();
  const key = (await page.getByTestId('device-key').innerText()).trim();
  expect(key.length).toBeGreaterThanOrEqual(20);
  // the key is a real credential: the device posts telemetry over HTTP with it
  const ok = await request.post(`/photo_voltaic/devices/${sn}/telemetry`, {
    headers: { 'x-device-key': key },
    data: { ts: Date.now(), points: { acPower: 1234 } },
  });
  expect(ok.status()).toBe(200);
  const bad = await request.post(`/photo_voltaic/devices/${sn}/telemetry`, {
    headers: { 'x-device-key': `${key}x` },
    data: { ts: Date.now(), points: { acPower: 1 } },
  });
  expect(bad.status()).toBe(401);
  // the key's own dialog (the create form may still be closing behind it)
  await page
    .locator('.ant-modal', { has: page.getByTestId('device-key') })
    .getByRole('button', { name: 'OK' })
    .click();
  await expect(page.getByTestId('device-key')).toHaveCount(0);
});

for (const lang of LANGS) {
  test(`[${lang}] a sub device is registered under a collector in the console: no key, the collector's plant, its sub SN on the details, telemetry through the collector`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const headers = { 'x-token': await signInByApi(page, request, 'admin') };
    const plants = (
      (await (await request.get('/photo_voltaic/plants?pageSize=1', { headers })).json()) as {
        data: { rows: { id: number; name: string }[] };
      }
    ).data.rows;
    const plant = plants[0]!;
    const s = stamp();
    const collectorSn = `E2E-COL-${s}`;
    const subSn = `E2E-SUB-${s}`;
    const created = await request.post('/photo_voltaic/devices', {
      headers,
      data: { sn: collectorSn, name: 'E2E logger', type: 'collector', plantId: plant.id },
    });
    expect(created.status()).toBe(200);
    const collectorKey = ((await created.json()) as { data: { deviceKey: string } }).data.deviceKey;

    await page.goto('/devices/devices__manage');
    await page.getByTestId('device-create').click();
    await page.locator('#device-form_sn').fill(subSn);
    await page.locator('#device-form_name').fill('E2E string inverter');
    // the collector field is offered once the type can report through one
    await expect(page.getByTestId('collector-select')).toHaveCount(0);
    await page.locator('#device-form_type').click();
    await pickOption(page, t('device.types.inverter'));
    await page.locator('#device-form_parentSn').click();
    await page.keyboard.type(collectorSn);
    await pickOption(page, collectorSn);
    await expect(page.getByTestId('device-sub-note')).toContainText(t('device.subFollows', { sn: collectorSn }));
    await expect(page.getByTestId('plant-select')).toHaveCount(0);
    await page.getByTestId('device-form-ok').click();
    await expect(page.getByText(t('device.subCreated', { sn: subSn, parent: collectorSn }))).toBeVisible();
    // no key: it reports through its collector
    await expect(page.getByTestId('device-key')).toHaveCount(0);

    // listed under its collector, bound to the collector's plant
    await page.getByTestId('filter-sn').fill(subSn);
    await page.getByTestId('device-search').click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: subSn });
    await expect(row).toContainText(t('device.parentIs', { sn: collectorSn }));
    await expect(row).toContainText(plant.name);
    // the form shows the collector it reports through (parentSn)
    await page.getByTestId(`device-edit-${subSn}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('device.editTitle'));
    await expect(dialog.getByTestId('collector-select')).toContainText(collectorSn);
    await expect(dialog.getByTestId('device-sub-note')).toContainText(t('device.subFollows', { sn: collectorSn }));
    await dialog.locator('.ant-modal-footer .ant-btn:not(.ant-btn-primary)').click();
    await expect(dialog).toBeHidden();

    // the collector's telemetry carries the sub device's points under its sub SN
    const posted = await request.post(`/photo_voltaic/devices/${collectorSn}/telemetry`, {
      headers: { 'x-device-key': collectorKey },
      data: { ts: Date.now(), points: {}, sub: [{ sn: subSn, points: { acPower: 4321 } }] },
    });
    expect(posted.status()).toBe(200);
    await page.getByTestId('filter-sn').fill(collectorSn);
    await page.getByTestId('device-search').click();
    await page.getByTestId(`device-open-${collectorSn}`).click();
    const subs = page.locator('.ant-card', { hasText: t('device.subDevices', { count: 1 }) });
    await expect(subs.locator('thead')).toContainText(t('device.subSn'));
    await expect(subs).toContainText(subSn);
    await subs.getByRole('link', { name: subSn }).click();
    await expect(page.getByTestId('device-title')).toHaveText('E2E string inverter');
    // the sub device's details name its collector
    await expect(
      page
        .locator('th.ant-descriptions-item-label', { hasText: t('device.parentSn') })
        .locator('xpath=following-sibling::td[1]'),
    ).toHaveText(collectorSn);
    // 4,321 W through the console's quantity formatter
    await expect(page.getByTestId('live-points')).toContainText(/4[.,]32 kW/);
  });
}
