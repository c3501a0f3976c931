import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import { signIn } from '../support/session';

// sign-in, lazy pages and a throttled upload each; the machine is shared, so give them room
test.describe.configure({ timeout: 90_000 });

async function signInIn(page: Page, lang: 'en' | 'zh') {
  await page.context().addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
  await signIn(page, 'admin');
}

test('[en] admin uploads a firmware file with progress, downloads it, changes the archive retention and adds an MQTT endpoint', async ({
  page,
}) => {
  await signInIn(page, 'en');
  await page.goto('/systems/cmd');
  await expect(page.getByText('Firmware versions')).toBeVisible({ timeout: 30_000 });

  // 1.5 MB sent at about 1 MB/s: slow enough to watch the bar move
  const version = `V9.${Date.now() % 100000}`;
  const bytes = Buffer.from(Array.from({ length: 1_500_000 }, (_, i) => (i * 7) % 256));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 1_000_000,
  });

  await page.getByTestId('firmware-upload').click();
  await page.getByTestId('firmware-form-version').fill(version);
  await page.getByTestId('firmware-form-type').click();
  await page.locator('.ant-select-item-option', { hasText: 'Collector' }).click();
  await page.getByTestId('firmware-form-description').fill('E2E build');
  await page
    .locator('[data-testid="firmware-form"] input[type=file]')
    .setInputFiles({ name: 'collector e2e.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await page.getByTestId('firmware-upload-ok').click();
  const bar = page.getByTestId('firmware-upload-progress');
  await expect(bar).toBeVisible();
  // a percentage between 1 and 99 shows while the bytes go out
  await expect(bar.locator('.ant-progress-indicator')).toHaveText(/^[1-9]\d?%$/, { timeout: 15_000 });
  await expect(page.locator('.ant-message').getByText(`Firmware ${version} uploaded`)).toBeVisible({ timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const row = page.locator('tr.ant-table-row', { hasText: version });
  await expect(row).toContainText('collector_e2e.bin');
  await expect(row).toContainText('1.4 MB');
  await expect(row).toContainText('Collector');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`firmware-download-${version}`).click(),
  ]);
  expect(download.suggestedFilename()).toBe('collector_e2e.bin');
  expect(Buffer.compare(await readFile((await download.path())!), bytes)).toBe(0);

  // the MQTT/HTTP page is hidden from the menu: the firmware page links to it
  await page.getByTestId('firmware-mqtt-link').click();
  await expect(page).toHaveURL(/\/systems\/mqtt$/);
  const retention = page.getByTestId('archive-retention');
  await expect(retention).not.toHaveValue('');
  const next = (await retention.inputValue()) === '45' ? '46' : '45';
  await retention.fill('0');
  await page.getByTestId('archive-save').click();
  await expect(page.getByText('Retention must be between 1 and 3650 days')).toBeVisible();
  await retention.fill(next);
  await page.getByTestId('archive-save').click();
  await expect(page.locator('.ant-message').getByText('Setting Is Successful')).toBeVisible();
  await page.reload();
  await expect(page.getByTestId('archive-retention')).toHaveValue(next, { timeout: 30_000 });

  const country = `Testland ${Date.now() % 100000}`;
  await page.getByTestId('mqtt-create').click();
  await page.getByTestId('mqtt-form-address').fill('mqtts://eu.pv.example:8883');
  await page.getByTestId('mqtt-form-username').fill('eu-devices');
  await page.getByTestId('mqtt-form-key').fill('e2e-secret-key');
  await page.getByTestId('mqtt-form-port').fill('70000');
  await page.getByTestId('mqtt-form-country').fill(country);
  await page.getByTestId('mqtt-form-topic').fill('pv/{sn}/up/telemetry');
  await page.getByTestId('mqtt-form-ok').click();
  await expect(page.getByText('The port must be between 1 and 65535')).toBeVisible();
  await page.getByTestId('mqtt-form-port').fill('8443');
  await page.getByTestId('mqtt-form-ok').click();
  await expect(page.locator('.ant-message').getByText('Create Successful')).toBeVisible();
  const mqttRow = page.locator('tr.ant-table-row', { hasText: country });
  await expect(mqttRow).toContainText('mqtts://eu.pv.example:8883');
  await expect(mqttRow).toContainText('8443');
  await expect(mqttRow).toContainText('e2••••••');
  await expect(mqttRow).not.toContainText('e2e-secret-key');
});

test('[zh] the firmware and MQTT/archive screens speak Chinese, validation included', async ({ page }) => {
  await signInIn(page, 'zh');
  await page.goto('/systems/cmd');
  await expect(page.getByText('固件版本')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.ant-table-thead')).toContainText('版本号');
  await page.getByTestId('firmware-upload').click();
  await expect(page.locator('.ant-modal-title')).toHaveText('上传固件版本');
  await page.getByTestId('firmware-upload-ok').click();
  await expect(page.getByText('版本号不能为空')).toBeVisible();
  await expect(page.getByText('请选择要上传的文件')).toBeVisible();
  await page.locator('.ant-modal-footer .ant-btn').first().click();

  await page.goto('/systems/mqtt');
  await expect(page.getByText('归档配置')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('MQTT / HTTP 接入点')).toBeVisible();
  await page.getByTestId('archive-retention').fill('5000');
  await page.getByTestId('archive-save').click();
  await expect(page.getByText('保留天数须在 1 到 3650 之间')).toBeVisible();
  await page.getByTestId('mqtt-create').click();
  await expect(page.locator('.ant-modal-title')).toHaveText('新增接入点');
  await page.getByTestId('mqtt-form-address').fill('http://x y');
  await page.getByTestId('mqtt-form-ok').click();
  await expect(page.getByText('请输入主机名或 mqtt:// 地址')).toBeVisible();
});
