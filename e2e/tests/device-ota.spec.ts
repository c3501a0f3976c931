import { expect, test } from '../support/test';
import { LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';

// sign-in, lazy pages and the simulator's OTA progress over MQTT; the machine is shared
test.describe.configure({ timeout: 90_000 });

interface Device {
  id: number;
  sn: string;
  parentSn: string | null;
  onlineState: string;
}

// OTA push from the device detail (spec §5: device type, order, file, version, SN, sub SN and
// old sub SN are required) and the device's update log with what the simulated device reports.
// English pushes to an inverter of its own, Chinese to a collector's sub inverter (SN = the
// collector, sub SN = the inverter).
for (const lang of LANGS) {
  test(`[${lang}] an OTA push from the device detail reaches the simulated device and shows in its update log`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    const toast = (key: string, values?: Record<string, string | number>) =>
      page.locator('.ant-message').getByText(t(key, values));
    await useLanguage(page, lang);
    const admin = { 'X-Token': await signInByApi(page, request, 'admin') };
    const inverters = (
      (await (
        await request.get('/photo_voltaic/devices?type=inverter&onlineState=online&pageSize=500', { headers: admin })
      ).json()) as { data: { rows: Device[] } }
    ).data.rows;
    // demo devices the simulator runs; the control test of devices.spec.ts uses INVP000101-103
    const target =
      lang === 'en'
        ? inverters.find((d) => /^INVP0002/.test(d.sn) && !d.parentSn)
        : inverters.find((d) => /^SUBP/.test(d.sn) && d.parentSn);
    expect(target, 'a simulated target device').toBeTruthy();
    const device = target!;
    const sn = device.parentSn ?? device.sn;

    // a firmware for inverters, uploaded through the API (the /systems/cmd screen has its own test)
    const version = `V8.${stamp()}`;
    const uploaded = await request.post('/photo_voltaic/firmware', {
      headers: admin,
      multipart: {
        version,
        deviceType: 'inverter',
        description: 'E2E OTA',
        file: { name: 'inverter-e2e.bin', mimeType: 'application/octet-stream', buffer: Buffer.alloc(4096, 7) },
      },
    });
    expect(uploaded.status()).toBe(200);

    await page.goto(`/devices/devices_detail?id=${device.id}`);
    await expect(page.getByTestId('device-title')).toBeVisible({ timeout: 30_000 });
    await page.getByTestId('ota-open').click();
    // the OTA form (its confirmation opens as a second dialog)
    const dialog = page.locator('.ota-push-modal');
    const confirmPush = () => page.locator('.ant-modal-confirm').last().getByTestId('ota-confirm-ok').click();
    await expect(dialog.locator('.ant-modal-title')).toHaveText(t('device.ota.title', { sn: device.sn }));
    // what the device tells: its type, its SN (a sub device's collector) and itself as the sub SN, old and new
    await expect(dialog.locator('#ota-form_sn')).toHaveValue(sn);
    await expect(dialog.locator('#ota-form_subSn')).toHaveValue(device.sn);
    await expect(dialog.locator('#ota-form_oldSubSn')).toHaveValue(device.sn);
    for (const id of ['sn', 'subSn', 'oldSubSn']) await dialog.locator(`#ota-form_${id}`).fill('');
    const push = dialog.locator('.ant-modal-footer .ant-btn-primary');
    await expect(push).toHaveText(t('device.ota.push'));
    await push.click();
    const required = (field: string) => dialog.getByText(t('device.required', { field: t(field) }), { exact: true });
    for (const field of [
      'device.ota.order',
      'device.ota.file',
      'device.ota.version',
      'device.sn',
      'device.ota.oldSubSn',
    ])
      await expect(required(field)).toBeVisible();
    await expect(required('device.ota.subSn')).toBeVisible();

    await dialog.locator('#ota-form_order').fill('1');
    await dialog.getByTestId('ota-firmware').click();
    await pickOption(page, version);
    // the version follows the chosen file
    await expect(dialog.locator('#ota-form_version')).toHaveValue(version);
    await dialog.locator('#ota-form_sn').fill(sn);
    await dialog.locator('#ota-form_oldSubSn').fill(device.sn);
    // a sub SN that is neither the device nor one of its sub devices: the server's reason, translated
    await dialog.locator('#ota-form_subSn').fill('NOT-A-SUB');
    await push.click();
    await confirmPush();
    await expect(
      page.locator('.ant-message').getByText(t('error.otaTarget', { subSn: 'NOT-A-SUB', sn })),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    await dialog.locator('#ota-form_subSn').fill(device.sn);
    await push.click();
    await confirmPush();
    await expect(toast('success.push')).toBeVisible();
    await expect(dialog).toBeHidden();

    // the update log: the device reports the upgrade's start at once, its progress every 10 s
    await page.getByTestId('open-update-log').click();
    await expect(page).toHaveURL(new RegExp(`/devices/devices_update_log\\?id=${device.id}$`));
    const log = page.getByTestId('update-log');
    await expect(log.locator('thead')).toContainText(t('device.log.progress'));
    const entries = log.locator('tr.ant-table-row', { hasText: version });
    await expect(entries.first()).toBeVisible({ timeout: 25_000 });
    await expect(entries.last()).toContainText('0%');
    await expect(entries.last().getByTestId('command-status-processing')).toHaveText(t('device.status.processing'));
    if (lang === 'en') {
      // the next report moves the progress on (the page refetches every 10 s)
      await expect(entries.first()).not.toContainText(/\b0%/, { timeout: 30_000 });
    }
  });
}
