import { expect, test } from '../support/test';
import { buttonText, LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';

// sign-in and the lazy device pages; the machine is shared, so give them room
test.describe.configure({ timeout: 90_000 });

interface Device {
  id: number;
  plantId: number | null;
}

// spec §4 "Device: bound/unbound with confirmation", §8 the confirmations and messages, and a
// deletion the server really does (a collector goes with its sub devices)
for (const lang of LANGS) {
  test(`[${lang}] a collector is bound to a plant, unbound with confirmation and deleted with its sub device`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    const toast = (key: string, values?: Record<string, string | number>) =>
      page.locator('.ant-message').getByText(t(key, values));
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    const s = stamp();
    const plantName = `E2EBind${s}`;
    const plant = await request.post('/photo_voltaic/plants', {
      headers: admin,
      data: { name: plantName, capacityKw: 8, timeZone: 'Asia/Shanghai' },
    });
    expect(plant.status()).toBe(200);
    const collectorSn = `E2EB${s}C`;
    const subSn = `E2EB${s}S`;
    const collector = await request.post('/photo_voltaic/devices', {
      headers: admin,
      data: { sn: collectorSn, name: 'E2E logger', type: 'collector' },
    });
    expect(collector.status()).toBe(200);
    const collectorId = ((await collector.json()) as { data: { id: number } }).data.id;
    const sub = await request.post('/photo_voltaic/devices', {
      headers: admin,
      data: { sn: subSn, name: 'E2E string inverter', type: 'inverter', parentSn: collectorSn },
    });
    expect(sub.status()).toBe(200);
    const subId = ((await sub.json()) as { data: { id: number } }).data.id;
    const device = async (id: number) => request.get(`/photo_voltaic/devices/${id}`, { headers: admin });

    await page.goto('/devices/devices__manage');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('filter-sn').fill(`E2EB${s}`);
    await page.getByTestId('device-search').click();
    await expect(rows).toHaveCount(2);
    // the sub device's row names its collector too: rows by their own link
    const collectorRow = rows.filter({ has: page.getByTestId(`device-open-${collectorSn}`) });
    const subRow = rows.filter({ has: page.getByTestId(`device-open-${subSn}`) });
    await expect(subRow).toContainText(t('device.parentIs', { sn: collectorSn }));
    await expect(collectorRow).toContainText(t('device.unbound'));
    // a sub device follows its collector: no bind of its own
    await expect(subRow.getByTestId(`device-bind-${subSn}`)).toHaveCount(0);

    // bind: the plant is required, then chosen by name
    await page.getByTestId(`device-bind-${collectorSn}`).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('device.bindTitle', { sn: collectorSn }));
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(dialog.getByText(t('device.required', { field: t('device.plant') }))).toBeVisible();
    await dialog.getByTestId('plant-select').click();
    await page.keyboard.type(plantName);
    await pickOption(page, plantName);
    await dialog.locator('.ant-modal-footer .ant-btn-primary').click();
    await expect(toast('success.setting')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(collectorRow).toContainText(plantName);
    await expect(subRow).toContainText(plantName);
    const plantId = ((await (await device(collectorId)).json()) as { data: Device }).data.plantId;
    expect(plantId).not.toBeNull();
    expect(((await (await device(subId)).json()) as { data: Device }).data.plantId).toBe(plantId);

    // unbind, asked first: cancelling keeps the binding
    const popover = page.locator('.ant-popover:visible');
    await page.getByTestId(`device-unbind-${collectorSn}`).click();
    await expect(popover.getByText(t('device.confirmUnbind', { sn: collectorSn, plant: plantName }))).toBeVisible();
    await popover.locator('.ant-btn:not(.ant-btn-primary)').click();
    await expect(toast('device.unbindCancelled')).toBeVisible();
    await expect(collectorRow).toContainText(plantName);
    await page.getByTestId(`device-unbind-${collectorSn}`).click();
    await popover.locator('.ant-btn-primary').click();
    await expect(toast('success.unbind')).toBeVisible();
    await expect(collectorRow).toContainText(t('device.unbound'));
    await expect(subRow).toContainText(t('device.unbound'));
    expect(((await (await device(collectorId)).json()) as { data: Device }).data.plantId).toBeNull();
    expect(((await (await device(subId)).json()) as { data: Device }).data.plantId).toBeNull();

    // delete the chosen collector, asked first: cancelling deletes nothing
    await collectorRow.locator('.ant-checkbox-input').check();
    await expect(page.getByTestId('device-delete')).toHaveText(t('device.deleteCount', { count: 1 }));
    await page.getByTestId('device-delete').click();
    const confirm = page.locator('.ant-modal-confirm');
    await expect(confirm.locator('.ant-modal-confirm-title')).toHaveText(t('device.confirmDeleteTitle'));
    await expect(confirm.locator('.ant-modal-confirm-content')).toHaveText(t('device.confirmDelete', { count: 1 }));
    await confirm.getByRole('button', { name: buttonText(t('common.cancel')) }).click();
    await expect(toast('device.deleteCancelled')).toBeVisible();
    await expect(rows).toHaveCount(2);
    expect((await device(collectorId)).status()).toBe(200);
    await page.getByTestId('device-delete').click();
    await confirm.getByRole('button', { name: buttonText(t('common.delete')) }).click();
    await expect(toast('success.delete')).toBeVisible();
    // gone from the list and from the server: the sub device went with its collector
    await expect(page.locator('.ant-table-tbody .ant-empty')).toBeVisible();
    await expect(rows).toHaveCount(0);
    expect((await device(collectorId)).status()).toBe(404);
    expect((await device(subId)).status()).toBe(404);
  });
}

// spec §8 "device deletion that also removes its bound plant": two chosen devices of one plant,
// the box checked; the plant goes, its device not chosen stays, unbound (one language: the
// confirmation's texts in both are covered by the unit test and the screenshots)
test('[zh] two devices deleted with their bound plant: the plant is gone, its other device stays unbound', async ({
  page,
  request,
}) => {
  const t = translator('zh');
  await useLanguage(page, 'zh');
  const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
  const s = stamp();
  const plantName = `E2EDel${s}`;
  const plant = await request.post('/photo_voltaic/plants', {
    headers: admin,
    data: { name: plantName, capacityKw: 8, timeZone: 'Asia/Shanghai' },
  });
  expect(plant.status()).toBe(200);
  const plantId = ((await plant.json()) as { data: { id: number } }).data.id;
  const ids: Record<string, number> = {};
  for (const sn of ['A', 'B', 'C'].map((x) => `E2ED${s}${x}`)) {
    const res = await request.post('/photo_voltaic/devices', {
      headers: admin,
      data: { sn, name: 'E2E inverter', type: 'inverter', plantId },
    });
    expect(res.status()).toBe(200);
    ids[sn] = ((await res.json()) as { data: { id: number } }).data.id;
  }
  const [a, b, c] = Object.keys(ids) as [string, string, string];

  await page.goto('/devices/devices__manage');
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 30_000 });
  await page.getByTestId('filter-sn').fill(`E2ED${s}`);
  await page.getByTestId('device-search').click();
  await expect(rows).toHaveCount(3);
  for (const sn of [a, b])
    await rows
      .filter({ has: page.getByTestId(`device-open-${sn}`) })
      .locator('.ant-checkbox-input')
      .check();
  await page.getByTestId('device-delete').click();
  const confirm = page.locator('.ant-modal-confirm');
  // the one plant of both devices, named once; the box starts unchecked
  await expect(confirm.getByTestId('delete-bound-plants').locator('li')).toHaveText([plantName]);
  const box = confirm.getByRole('checkbox', { name: t('device.deleteWithPlant') });
  await expect(box).not.toBeChecked();
  await box.check();
  await confirm.getByRole('button', { name: buttonText(t('common.delete')) }).click();
  await expect(page.locator('.ant-message').getByText(t('success.delete'))).toBeVisible();
  // the second device found its plant gone and was deleted alone; the third is kept, unbound
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(c);
  await expect(rows.first()).toContainText(t('device.unbound'));
  expect((await request.get(`/photo_voltaic/plants/${plantId}`, { headers: admin })).status()).toBe(404);
  for (const sn of [a, b])
    expect((await request.get(`/photo_voltaic/devices/${ids[sn]}`, { headers: admin })).status()).toBe(404);
  expect(
    ((await (await request.get(`/photo_voltaic/devices/${ids[c]}`, { headers: admin })).json()) as { data: Device })
      .data.plantId,
  ).toBeNull();
});
