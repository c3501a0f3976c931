import { expect, test, type APIRequestContext } from '../support/test';
import ExcelJS from 'exceljs';
import { chooseOption, LANGS, pickOption, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, signInByApi } from '../support/session';

// sign-in, two lazy pages and a download; the machine is shared
test.describe.configure({ timeout: 120_000 });

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** What a test made through the API, removed after it (plants first: a provider serving plants stays). */
const made: { plants: number[]; providers: number[] } = { plants: [], providers: [] };
test.afterAll(async ({ request }) => {
  const admin = { 'x-token': await apiToken(request, 'admin') };
  for (const id of made.plants) await request.delete(`/photo_voltaic/plants/${id}`, { headers: admin });
  for (const id of made.providers) await request.delete(`/photo_voltaic/providers/${id}`, { headers: admin });
});

for (const lang of LANGS) {
  const t = translator(lang);

  test(`[${lang}] service providers: the demo profiles, search, create with the §5 rules, export, delete refused while serving plants`, async ({
    page,
    request,
  }) => {
    const s = stamp();
    await useLanguage(page, lang);
    const token = await signInByApi(page, request, 'admin');
    await page.goto('/business_partners/service_provider');
    const table = page.getByTestId('provider-table');
    const sunpath = table.getByRole('row', { name: /SunPath Services/ });
    await expect(sunpath).toBeVisible();
    await expect(sunpath).toContainText('SP-2024-0317');
    await expect(sunpath).toContainText(t('provider.status.active'));
    await expect(sunpath).toContainText(t('provider.service.fullService'));

    // create: the form refuses a bad name and contract number before anything is sent
    await page.getByTestId('provider-create').click();
    await page.getByTestId('provider-name').fill('bad name!');
    await page.getByTestId('provider-contract').fill('-x');
    await page.getByTestId('provider-save').click();
    await expect(page.getByText(t('validation.name'))).toBeVisible();
    await expect(page.getByText(t('validation.identifier'))).toBeVisible();
    const name = `E2EProvider${s}`;
    await page.getByTestId('provider-name').fill(name);
    await page.getByTestId('provider-contract').fill(`E2E-${s}`);
    await page.getByTestId('provider-contact').fill('Chen Jing');
    await page.getByTestId('provider-phone').fill('+86 571 1234 5678');
    await page.getByTestId('provider-area').fill('Ningbo');
    await page.getByTestId('provider-service').click();
    await pickOption(page, t('provider.service.cleaning'));
    await page.getByTestId('provider-save').click();
    await expect(page.getByText(t('success.create'))).toBeVisible();
    const created = await data<{ rows: { id: number; name: string; projects: number }[] }>(
      await request.get(`/photo_voltaic/providers?keyword=${name}`, { headers: { 'x-token': token } }),
    );
    expect(created.rows).toHaveLength(1);
    made.providers.push(created.rows[0]!.id);

    // search on the server
    await page.getByTestId('provider-keyword').fill(`e2e-${s}`);
    await page.getByTestId('provider-search').click();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();
    await expect(table.getByRole('row', { name: /SunPath Services/ })).toHaveCount(0);
    await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText(t('provider.service.cleaning'));

    // export of the filtered list, headers in the language
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('provider-export').click()]);
    expect(download.suggestedFilename()).toBe('service-providers.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).value).toBe(t('providerExport.name'));
    expect(sheet.getRow(2).getCell(1).value).toBe(name);
    expect(sheet.rowCount).toBe(2);

    // Delta serves demo plants: the delete is refused with the reason, and it stays
    await page.getByTestId('provider-keyword').fill('');
    await page.getByTestId('provider-search').click();
    const delta = table.getByRole('row', { name: /Delta Energy Services/ });
    await expect(delta).toBeVisible();
    const deltaId = Number((await delta.getAttribute('data-row-key')) ?? 0);
    await page.getByTestId(`provider-delete-${deltaId}`).click();
    await expect(page.getByText(t('provider.confirmDelete', { name: 'Delta Energy Services' }))).toBeVisible();
    await page.locator('.ant-popover:visible .ant-btn-primary').click();
    const deltaNow = await data<{ projects: number }>(
      await request.get(`/photo_voltaic/providers/${deltaId}`, { headers: { 'x-token': token } }),
    );
    expect(deltaNow.projects).toBeGreaterThan(0);
    await expect(page.getByText(t('provider.hasPlants', { count: deltaNow.projects }))).toBeVisible();
    await expect(delta).toBeVisible();

    // the new provider serves nothing: it goes (once Delta's confirmation has closed, the new one is
    // the confirmation that names it: clicking in a popover on its way out waited for ever)
    await expect(page.locator('.ant-popover:visible')).toHaveCount(0);
    const own = table.getByRole('row', { name: new RegExp(name) });
    await page.getByTestId(`provider-delete-${created.rows[0]!.id}`).click();
    await page
      .locator('.ant-popover:visible')
      .filter({ hasText: t('provider.confirmDelete', { name }) })
      .locator('.ant-btn-primary')
      .click();
    await expect(page.getByText(t('success.delete'))).toBeVisible();
    await expect(own).toHaveCount(0);
    made.providers.pop();
  });

  test(`[${lang}] provider management: plants assigned several at once and reassigned after the confirmation, or the allocation cancelled`, async ({
    page,
    request,
  }) => {
    const s = stamp();
    await useLanguage(page, lang);
    const token = await signInByApi(page, request, 'admin');
    const admin = { 'x-token': token };
    const providerA = await data<{ id: number }>(
      await request.post('/photo_voltaic/providers', { headers: admin, data: { name: `E2EFrom${s}` } }),
    );
    const providerB = await data<{ id: number }>(
      await request.post('/photo_voltaic/providers', { headers: admin, data: { name: `E2ETo${s}` } }),
    );
    made.providers.push(providerA.id, providerB.id);
    const plants: number[] = [];
    for (const n of [1, 2]) {
      const plant = await data<{ id: number }>(
        await request.post('/photo_voltaic/plants', {
          headers: admin,
          data: { name: `E2EPlant${s}x${n}`, capacityKw: 8.2, timeZone: 'Asia/Shanghai', orgId: providerA.id },
        }),
      );
      plants.push(plant.id);
      made.plants.push(plant.id);
    }

    await page.goto('/business_partners/service_provider_management');
    await page.getByTestId('provider-plant-name').fill(`E2EPlant${s}`);
    await page.getByTestId('provider-plant-search').click();
    const table = page.getByTestId('provider-plant-table');
    const rows = table.getByRole('row', { name: new RegExp(`E2EPlant${s}`) });
    await expect(rows).toHaveCount(2);
    await expect(rows.first()).toContainText(`E2EFrom${s}`);

    // both at once to B: asked first; cancelling says so and moves nothing
    for (const id of plants) await table.locator(`tr[data-row-key="${id}"]`).getByRole('checkbox').check();
    await page.getByTestId('provider-assign-selected').click();
    await chooseOption(page, page.getByTestId('provider-assign-select'), `E2ETo${s}`);
    await page.getByTestId('provider-assign-ok').click();
    await expect(page.getByText(t('provider.confirmAssign_other', { count: 2, provider: `E2ETo${s}` }))).toBeVisible();
    await page.getByTestId('provider-assign-cancel').click();
    await expect(page.getByText(t('provider.allocationCancelled'))).toBeVisible();
    await expect(rows.first()).toContainText(`E2EFrom${s}`);
    // the dismissed confirmation gone (it fades out): the next one's button is then the only one
    await expect(page.getByTestId('provider-assign-confirm')).toHaveCount(0);

    await page.getByTestId('provider-assign-ok').click();
    await page.getByTestId('provider-assign-confirm').click();
    await expect(page.getByText(t('success.allocation'))).toBeVisible();
    await expect(rows.nth(0)).toContainText(`E2ETo${s}`);
    await expect(rows.nth(1)).toContainText(`E2ETo${s}`);
    await expect(page.getByTestId('provider-assign-confirm')).toHaveCount(0);

    // one back to A from its row
    await page.getByTestId(`provider-assign-${plants[0]}`).click();
    await chooseOption(page, page.getByTestId('provider-assign-select'), `E2EFrom${s}`);
    await page.getByTestId('provider-assign-ok').click();
    await expect(page.locator('.ant-modal-confirm-title').last()).toHaveText(t('provider.confirmReassignTitle'));
    await page.getByTestId('provider-assign-confirm').click();
    await expect(table.locator(`tr[data-row-key="${plants[0]}"]`)).toContainText(`E2EFrom${s}`);
    await expect(table.locator(`tr[data-row-key="${plants[1]}"]`)).toContainText(`E2ETo${s}`);

    // the list counts them where they are now
    const list = await data<{ rows: { id: number; projects: number }[] }>(
      await request.get(`/photo_voltaic/providers?keyword=E2E&pageSize=100`, { headers: admin }),
    );
    expect(list.rows.find((r) => r.id === providerA.id)?.projects).toBe(1);
    expect(list.rows.find((r) => r.id === providerB.id)?.projects).toBe(1);
  });
}
