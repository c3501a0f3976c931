import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import ExcelJS from 'exceljs';
import mqtt from 'mqtt';
import { LANGS, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, DEMO_PASSWORD, signInByApi } from '../support/session';

// sign-in, the lazy fault page, an MQTT round trip and a dashboard refresh (15 s); the machine is shared
test.describe.configure({ timeout: 150_000 });

type Headers = Record<string, string>;

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/**
 * A fault desk of its own: an installer organisation under the demo's service provider, a user
 * there whose role lists and repairs faults and sees the dashboard, for that organisation only.
 * The demo's ROOT accounts are not told about faults (the platform is not the plants' service
 * provider), and the demo fleet raises faults in the provider's other plants: a new organisation
 * sees only the test's own.
 */
async function faultDeskUser(request: APIRequestContext, admin: Headers, s: string) {
  const orgs = await data<{ id: number; name: string }[]>(
    await request.get('/photo_voltaic/options/orgs', { headers: admin }),
  );
  const sunpath = orgs.find((o) => o.name === 'SunPath Services');
  expect(sunpath, 'the demo service provider').toBeTruthy();
  const groups = await data<{ id: number; code: string }[]>(
    await request.get('/photo_voltaic/orgs/groups', { headers: admin }),
  );
  const installer = groups.find((g) => g.code === 'INSTALLER');
  expect(installer, 'the installer organisation type').toBeTruthy();
  const org = await data<{ id: number }>(
    await request.post('/photo_voltaic/orgs', {
      headers: admin,
      data: { parentId: sunpath!.id, groupId: installer!.id, name: `E2EInstaller${s}`, code: `e2e-inst-${s}` },
    }),
  );
  const role = await data<{ id: number }>(
    await request.post('/photo_voltaic/roles', {
      headers: admin,
      data: { code: `e2e-faults-${s}`, name: `E2EFaultDesk${s}`, orgId: org.id, dataScope: 'org', sensitive: false },
    }),
  );
  const resources = await data<{ id: number; routerPath: string | null; perm: string | null }[]>(
    await request.get('/photo_voltaic/resources', { headers: admin }),
  );
  const wanted = resources.filter(
    (r) =>
      ['/', '/dashboard', '/systems', '/systems/problem'].includes(r.routerPath ?? '') ||
      ['fault:repair', 'fault:export'].includes(r.perm ?? ''),
  );
  expect(wanted.length).toBeGreaterThanOrEqual(5);
  await data(
    await request.put(`/photo_voltaic/roles/${role.id}/resources`, {
      headers: admin,
      data: { resourceIds: wanted.map((r) => r.id) },
    }),
  );
  const loginName = `e2e-desk-${s}`;
  await data(
    await request.post('/photo_voltaic/users', {
      headers: admin,
      data: { loginName, nickname: `Desk${s}`, orgId: org.id, roleIds: [role.id], password: DEMO_PASSWORD },
    }),
  );
  return { loginName, orgId: org.id };
}

/** The figure of a dashboard card, as a number. */
async function kpi(page: Page, key: string): Promise<number> {
  const text = await page.getByTestId(`kpi-${key}`).locator('.ant-statistic-content-value').innerText();
  return Number(text.replace(/[^\d]/g, ''));
}

for (const lang of LANGS) {
  test(`[${lang}] a device's fault over MQTT shows in the list and the bell without a reload, is acknowledged, repaired and exported, and the dashboard counts it`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    await useLanguage(page, lang);
    const s = stamp();
    const admin = { 'X-Token': await apiToken(request, 'admin') };

    // a plant of the service provider with an inverter of its own, and a desk user who is told
    const desk = await faultDeskUser(request, admin, s);
    const plant = await data<{ id: number }>(
      await request.post('/photo_voltaic/plants', {
        headers: admin,
        data: { name: `E2EFault${s}`, capacityKw: 8, timeZone: 'Africa/Johannesburg', orgId: desk.orgId },
      }),
    );
    const sn = `E2EF${s}`;
    const name = `Fault inverter ${s}`;
    const device = await data<{ id: number; deviceKey: string }>(
      await request.post('/photo_voltaic/devices', {
        headers: admin,
        data: { sn, name, type: 'inverter', plantId: plant.id },
      }),
    );
    const user = { 'X-Token': await signInByApi(page, request, desk.loginName) };

    // the dashboard's fault count before
    await page.goto('/dashboard');
    await expect(page.getByTestId('kpi-faults').locator('.ant-statistic-content-value')).not.toHaveText('—', {
      timeout: 30_000,
    });
    const before = await kpi(page, 'faults');

    // the fault list of that device, opened by a link that names it; nothing yet
    await page.goto(`/systems/problem?device=${sn}`);
    await expect(page.getByTestId('fault-empty')).toBeVisible({ timeout: 30_000 });
    const bell = page.getByTestId('bell');
    await expect(bell).toHaveAttribute('aria-label', t('notification.bell', { count: 0 }));

    // the device raises F07 over MQTT (QoS 1: acknowledged once stored)
    const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${currentServer().mqttPort}`, {
      username: sn,
      password: device.deviceKey,
      clientId: sn,
      reconnectPeriod: 0,
    });
    try {
      await client.publishAsync(
        `pv/${sn}/up/event`,
        JSON.stringify({ type: 'fault', ts: Date.now(), code: 'F07', message: 'Grid overvoltage' }),
        { qos: 1 },
      );
    } finally {
      await client.endAsync();
    }

    // it shows without a reload: in the list (what it means in the user's language) and in the bell
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows).toHaveCount(1, { timeout: 30_000 });
    const fault = (
      await data<{ rows: { id: number; title: string; severity: string; processing: string }[] }>(
        await request.get(`/photo_voltaic/faults?pageNum=1&pageSize=10&device=${sn}`, {
          headers: { ...user, 'Accept-Language': lang },
        }),
      )
    ).rows[0]!;
    expect(fault.processing).toBe('open');
    const row = rows.first();
    await expect(row).toContainText('F07');
    await expect(row).toContainText(fault.title);
    await expect(row).toContainText(t(`fault.severities.${fault.severity}`));
    await expect(row.getByTestId(`fault-processing-${fault.id}`)).toHaveText(t('fault.processingStates.open'));
    await expect(bell).toHaveAttribute('aria-label', t('notification.bell', { count: 1 }), { timeout: 30_000 });
    await expect(page.getByTestId('bell-count')).toContainText('1');
    await expect(page.getByTestId(`fault-count-open`)).toHaveText('1');

    // the bell's panel names it; a click opens the fault's drawer and reads the notification
    await bell.click();
    const panel = page.getByTestId('notification-panel');
    const item = panel.locator('[data-testid^="notification-"][data-unread="true"]').filter({ hasText: 'F07' });
    await expect(item).toHaveCount(1);
    await item.click();
    await expect(page).toHaveURL(new RegExp(`faultId=${fault.id}`));
    const title = page.getByTestId('fault-drawer-title');
    await expect(title).toHaveText(fault.title);
    await expect(page.getByTestId('fault-event-opened')).toContainText(t('fault.events.opened'));
    await expect(bell).toHaveAttribute('aria-label', t('notification.bell', { count: 0 }));
    await page.keyboard.press('Escape');
    await expect(title).toBeHidden();

    // acknowledged, after the question naming the device and the code
    const named = { code: 'F07', device: `${name} (${sn})` };
    await page.getByTestId(`fault-ack-${fault.id}`).click();
    const pop = page.locator('.ant-popover:visible');
    await expect(pop).toContainText(t('fault.confirm.acknowledge', named));
    await pop.locator('.ant-btn-primary').click();
    await expect(row.getByTestId(`fault-processing-${fault.id}`)).toHaveText(t('fault.processingStates.acknowledged'));

    // the repair asks first: cancelled, the cancel message and nothing changes
    await page.getByTestId(`fault-repair-${fault.id}`).click();
    const question = page.locator('.ant-modal-confirm').last();
    await expect(question.locator('.ant-modal-confirm-title')).toHaveText(t('fault.confirm.repair', named));
    await question.getByTestId('fault-repair-cancel').click();
    await expect(page.locator('.ant-message').getByText(t('fault.repairCancelled'))).toBeVisible();
    await expect(row.getByTestId(`fault-processing-${fault.id}`)).toHaveText(t('fault.processingStates.acknowledged'));

    // confirmed with a note: the server's "Repair Success", repaired, and the history says who and why
    await page.getByTestId(`fault-repair-${fault.id}`).click();
    const again = page.locator('.ant-modal-confirm').last();
    await again.getByTestId('fault-repair-note').fill('Utility reset the tap changer');
    await again.getByTestId('fault-repair-ok').click();
    await expect(page.locator('.ant-message').getByText(t('success.repair'))).toBeVisible();
    await expect(row.getByTestId(`fault-processing-${fault.id}`)).toHaveText(t('fault.processingStates.fixed'));
    await expect(page.getByTestId('fault-count-open')).toHaveText('0');

    // the export of the list as filtered: that one fault, the header in the page's language
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('fault-export').click()]);
    expect(download.suggestedFilename()).toBe('faults.xlsx');
    await expect(page.locator('.ant-message').getByText(t('fault.exported'))).toBeVisible();
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.getWorksheet(t('faultExport.sheet'));
    expect(sheet, 'the faults sheet').toBeTruthy();
    expect((sheet!.getRow(1).values as unknown[]).slice(1, 4)).toEqual([
      t('faultExport.id'),
      t('faultExport.openedAt'),
      t('faultExport.timeZone'),
    ]);
    expect(sheet!.rowCount).toBe(2);
    const exported = (sheet!.getRow(2).values as unknown[]).map(String);
    expect(exported).toContain(sn);
    expect(exported).toContain('F07');

    await page.getByTestId(`fault-open-${fault.id}`).click();
    const fixed = page.getByTestId('fault-event-fixed');
    await expect(fixed).toContainText(t('fault.events.fixed'));
    await expect(fixed).toContainText(`Desk${s}`);
    await expect(fixed).toContainText('Utility reset the tap changer');

    // the dashboard counts the fault in its 30-day window (it refreshes every 15 s)
    await expect(async () => {
      await page.goto('/dashboard');
      await expect(page.getByTestId('kpi-faults').locator('.ant-statistic-content-value')).not.toHaveText('—');
      const shown = await kpi(page, 'faults');
      expect(shown).toBe(before + 1);
      // the list's own count of the window says the same
      const window = await data<{ total: number }>(
        await request.get('/photo_voltaic/faults?pageNum=1&pageSize=1&days=30', { headers: user }),
      );
      expect(shown).toBe(window.total);
    }).toPass({ timeout: 60_000, intervals: [3_000, 5_000] });
    // and its card leads to the list of those faults
    await page.getByTestId('kpi-faults-link').click();
    await expect(page).toHaveURL(/\/systems\/problem\?days=30$/);
    await expect(page.locator('.ant-table-tbody tr.ant-table-row').filter({ hasText: sn })).toHaveCount(1);
  });
}
