import { expect, test, type APIRequestContext } from '../support/test';
import { LANGS, translator, useLanguage } from '../support/i18n';
import { signInByApi } from '../support/session';

// sign-in, lazy pages and an MQTT round trip to the simulated battery; the machine is shared
test.describe.configure({ timeout: 90_000 });

interface Device {
  id: number;
  sn: string;
  name: string;
  parentSn: string | null;
}

async function devicesOf(request: APIRequestContext, headers: Record<string, string>, type: string) {
  const res = await request.get(`/photo_voltaic/devices?type=${type}&onlineState=online&pageSize=100`, { headers });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { rows: Device[] } }).data.rows.filter((d) => !d.parentSn);
}

// Device control asks first and fits the device: a battery's charge names the device and the power
// before anything is sent, the simulated battery's answer reads as words, and a meter has no controls.
for (const [index, lang] of LANGS.entries()) {
  test(`[${lang}] a battery's charge is sent only after the confirmation naming it and the power; a meter has no controls`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const headers = { 'X-Token': await signInByApi(page, request, 'admin') };
    // one battery per language; the demo's upgrade history may hold commands of its own already
    const battery = (await devicesOf(request, headers, 'battery'))[index];
    expect(battery, 'a simulated battery').toBeTruthy();
    const { id, sn, name } = battery!;
    const commands = async () =>
      (
        (await (await request.get(`/photo_voltaic/devices/${id}/commands`, { headers })).json()) as {
          data: { total: number };
        }
      ).data.total;
    const before = await commands();

    await page.goto(`/devices/devices_detail?id=${id}`);
    await expect(page.getByTestId('device-title')).toHaveText(name, { timeout: 30_000 });
    const panel = page.getByTestId('control-panel');
    await expect(panel).toBeVisible();
    // a battery's PCS and battery control, no MPPT
    const targets = page.getByTestId('control-target');
    await expect(targets).toContainText(t('device.control.targets.pcs'));
    await expect(targets).toContainText(t('device.control.targets.battery'));
    await expect(targets).not.toContainText(t('device.control.targets.mppt'));
    await expect(page.getByTestId('control-mode')).toContainText(t('device.control.modes.close'));

    // beyond the declared range: the server's message, in the form, and no question
    const power = page.getByTestId('control-power');
    await power.fill('99999');
    await page.getByTestId('control-push').click();
    await expect(
      panel.getByText(t('error.powerOutOfRange', { sn, min: '0 W', max: '5,000 W', step: '100 W' })),
    ).toBeVisible();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);

    // charge 3,000 W: the question names the device and the power; cancelled, nothing is sent
    await power.fill('3000');
    await page.getByTestId('control-push').click();
    const question = page.locator('.ant-modal-confirm').last();
    const device = t('device.control.deviceNamed', { name, sn });
    await expect(question.locator('.ant-modal-confirm-title')).toHaveText(
      t('device.control.confirm.pcs.charge', { device, power: '3,000 W' }),
    );
    await expect(question).toContainText(t('device.control.confirm.now'));
    await question.getByTestId('command-confirm-cancel').click();
    await expect(page.locator('.ant-modal-confirm')).toHaveCount(0);
    const history = page.getByTestId('command-history');
    await expect(history).not.toContainText('3,000 W');
    expect(await commands()).toBe(before);

    // confirmed: sent, listed, and the simulated battery's answer in words
    await page.getByTestId('control-push').click();
    await page.locator('.ant-modal-confirm').last().getByTestId('command-confirm-ok').click();
    await expect(page.locator('.ant-message').getByText(t('success.push'))).toBeVisible();
    const row = history.locator('tr.ant-table-row').first();
    await expect(row).toContainText(
      [t('device.control.targets.pcs'), t('device.control.modes.charge'), '3,000 W'].join(' · '),
    );
    await expect(row).toContainText('admin');
    await expect(history.locator('thead')).toContainText(t('device.cmd.ack'));
    await expect(history.locator('thead')).toContainText(t('device.cmd.sentBy'));
    await expect(row.getByTestId('command-status-success')).toBeVisible({ timeout: 20_000 });
    await expect(row).toContainText(t('commandResult.successWith', { content: 'mode=charge' }));
    expect(await commands()).toBe(before + 1);

    // a meter only reports: no control panel, no restart, no firmware upgrade, and the page says so
    const meter = (await devicesOf(request, headers, 'meter'))[0];
    expect(meter, 'a simulated meter').toBeTruthy();
    await page.goto(`/devices/devices_detail?id=${meter!.id}`);
    await expect(page.getByTestId('device-title')).toHaveText(meter!.name, { timeout: 30_000 });
    await expect(page.getByTestId('control-none')).toHaveText(t('device.control.takesNone'));
    await expect(page.getByTestId('device-controls')).toHaveCount(0);
    await expect(page.getByTestId('control-panel')).toHaveCount(0);
    await expect(page.getByTestId('reboot-push')).toHaveCount(0);
    await expect(page.getByTestId('ota-open')).toHaveCount(0);
  });
}
