import { expect, test } from '../support/test';
import { LANGS, translator, useLanguage } from '../support/i18n';
import { apiToken, sidebarHrefs, signIn } from '../support/session';
import { scrollToPlantPart } from '../support/plant';

/** The agent's organisation (SunPath Services) and the installer below it. */
const OWN_ORGS = ['SunPath Services', 'Green Roof Installers'];

interface Row {
  id: number;
  orgName: string;
}

// the agent-only views: the agent account sees its own organisation's plants and devices, in both
// languages, and another tenant's records are "not found" in the console and the API
for (const lang of LANGS) {
  test(`[${lang}] the agent sees only its own plants and devices; another tenant's are not found`, async ({
    page,
    request,
  }) => {
    const t = translator(lang);
    const admin = { 'X-Token': await apiToken(request, 'admin') };
    const list = async <T extends Row>(path: string) =>
      ((await (await request.get(path, { headers: admin })).json()) as { data: { rows: T[] } }).data.rows;
    const plants = await list<Row & { name: string }>('/photo_voltaic/plants?pageSize=500');
    const devices = await list<Row & { sn: string }>('/photo_voltaic/devices?pageSize=500');
    const mine = plants.filter((p) => OWN_ORGS.includes(p.orgName));
    const otherPlant = plants.find((p) => !OWN_ORGS.includes(p.orgName))!;
    const myDevices = new Set(devices.filter((d) => OWN_ORGS.includes(d.orgName)).map((d) => d.sn));
    const otherDevice = devices.find((d) => d.orgName === 'Delta Energy Services')!;
    expect(mine.length).toBeGreaterThan(0);
    expect(otherPlant).toBeTruthy();
    expect(otherDevice).toBeTruthy();

    await useLanguage(page, lang);
    await signIn(page, 'agent');
    // no dashboard and no administration: the console starts at the plant list
    await expect(page).toHaveURL('/power_station/power_station_list');
    const hrefs = await sidebarHrefs(page);
    expect(hrefs).not.toContain('/dashboard');
    expect(hrefs.some((h) => h.startsWith('/auth'))).toBe(false);

    await expect(page.getByTestId('plant-tab-all')).toHaveText(`${t('plant.all')} (${mine.length})`);
    const names = await page.locator('[data-testid^="plant-link-"]').allInnerTexts();
    expect(names.length).toBe(Math.min(20, mine.length));
    for (const n of names) expect(mine.map((p) => p.name)).toContain(n);

    // one of its plants: its devices are the agent's too
    await page.locator('[data-testid^="plant-link-"]').first().click();
    await expect(page.getByTestId('plant-detail-name')).toHaveText(names[0]!);
    await scrollToPlantPart(page, 'tables');
    const plantDevices = page.locator('[data-testid^="plant-device-"]');
    await expect(plantDevices.first()).toBeVisible();
    for (const sn of await plantDevices.allInnerTexts()) expect(myDevices).toContain(sn);

    await page.goto('/devices/devices__manage');
    const rows = page.locator('.ant-table-tbody tr.ant-table-row');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.ant-pagination-total-text')).toHaveText(t('device.total', { count: myDevices.size }));
    const sns = await page
      .locator('[data-testid^="device-open-"]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('data-testid')!.replace('device-open-', '')));
    expect(sns.length).toBeGreaterThan(0);
    for (const sn of sns) expect(myDevices).toContain(sn);
    // searching another tenant's SN finds nothing
    await page.getByTestId('filter-sn').fill(otherDevice.sn);
    await page.getByTestId('device-search').click();
    await expect(page.locator('.ant-table-tbody .ant-empty')).toBeVisible();
    await expect(rows).toHaveCount(0);

    // another tenant's records by id: not found, in the console and in the API
    await page.goto(`/power_station/power_station_detail?id=${otherPlant.id}`);
    await expect(page.getByText(t('plant.notFound'))).toBeVisible();
    await page.goto(`/devices/devices_detail?id=${otherDevice.id}`);
    await expect(page.getByText(t('device.notFound'))).toBeVisible();
    const agent = { 'X-Token': await apiToken(request, 'agent'), 'Accept-Language': lang };
    const plantRes = await request.get(`/photo_voltaic/plants/${otherPlant.id}`, { headers: agent });
    expect(plantRes.status()).toBe(404);
    const deviceRes = await request.get(`/photo_voltaic/devices/${otherDevice.id}`, { headers: agent });
    expect(deviceRes.status()).toBe(404);
    expect(((await deviceRes.json()) as { msg: string }).msg).toBe(t('error.notFound'));
  });
}
