import { expect, test, type APIRequestContext, type Browser } from '../support/test';
import ExcelJS from 'exceljs';
import { LANGS, stamp, translator, useLanguage, type Lang } from '../support/i18n';
import { apiToken, signIn, signInByApi } from '../support/session';

// sign-ins, lazy pages, a download; the machine is shared
test.describe.configure({ timeout: 150_000 });

async function data<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** What a test made through the API, removed after it (plants first: a customer who owns plants stays). */
const made: { plants: number[]; customers: number[] } = { plants: [], customers: [] };
test.afterAll(async ({ request }) => {
  const admin = { 'x-token': await apiToken(request, 'admin') };
  for (const id of made.plants) await request.delete(`/photo_voltaic/plants/${id}`, { headers: admin });
  for (const id of made.customers) await request.delete(`/photo_voltaic/customers/${id}`, { headers: admin });
});

/** The newest outbox mail to `to` (without SMTP_URL the e2e server keeps mails there), as text. */
async function mailText(request: APIRequestContext, token: string, to: string, template: string) {
  const headers = { 'x-token': token };
  let text = '';
  await expect(async () => {
    const list = await data<{ rows: { id: number; to: string; template: string }[] }>(
      await request.get(`/photo_voltaic/mail/outbox?to=${encodeURIComponent(to)}&pageSize=20`, { headers }),
    );
    const row = list.rows.find((r) => r.to === to && r.template === template);
    expect(row).toBeTruthy();
    text = (await data<{ text: string }>(await request.get(`/photo_voltaic/mail/outbox/${row!.id}`, { headers }))).text;
  }).toPass({ timeout: 10_000 });
  return text;
}

/** The customer signs in in a browser of their own, in `lang`, and answers the page. */
async function asCustomer(browser: Browser, lang: Lang, login: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await useLanguage(page, lang);
  await signIn(page, login, password);
  return { page, close: () => context.close() };
}

for (const lang of LANGS) {
  const t = translator(lang);

  test(`[${lang}] customers: the list, search, create with a login account, delete refused while owning plants, export; the customer sees only its plants`, async ({
    page,
    request,
    browser,
  }) => {
    const s = stamp();
    await useLanguage(page, lang);
    const token = await signInByApi(page, request, 'admin');
    await page.goto('/business_partners/clients_list');
    const table = page.getByTestId('customer-table');
    await expect(table.getByRole('row', { name: /Chen Jing/ }).first()).toBeVisible();
    // the demo's customer account is listed with its customer
    await expect(table.getByText('customer', { exact: true })).toBeVisible();

    // create: the §5 e-mail rule before anything is sent, then a customer with its login account
    const name = `E2E Customer ${s}`;
    const email = `e2e.customer.${s}@example.com`;
    const login = `e2e-${s}`;
    await page.getByTestId('customer-create').click();
    await page.getByTestId('customer-name').fill(name);
    await page.getByTestId('customer-email').fill('not-a-mail');
    await page.getByTestId('customer-save').click();
    await expect(page.getByText(t('validation.email'))).toBeVisible();
    await page.getByTestId('customer-email').fill(email);
    await page.getByTestId('customer-phone').fill('+86 138 0000 9999');
    await page.getByTestId('customer-login').fill(login);
    await page.getByTestId('customer-save').click();
    await expect(page.getByText(t('customer.loginMailed', { login }))).toBeVisible();
    const found = await data<{ rows: { id: number; loginName: string | null }[] }>(
      await request.get(`/photo_voltaic/customers?email=${encodeURIComponent(email)}`, {
        headers: { 'x-token': token },
      }),
    );
    expect(found.rows).toHaveLength(1);
    expect(found.rows[0]!.loginName).toBe(login);
    const customerId = found.rows[0]!.id;
    made.customers.push(customerId);

    // a plant for the customer, made in the plant API with it as owner
    const plantName = `E2EOwned${s}`;
    const plant = await data<{ id: number }>(
      await request.post('/photo_voltaic/plants', {
        headers: { 'x-token': token },
        data: { name: plantName, capacityKw: 6, timeZone: 'Asia/Shanghai', ownerId: customerId },
      }),
    );
    made.plants.unshift(plant.id);

    // search on the server: the new customer alone, with its plant counted
    await page.getByTestId('customer-search-name').fill(`customer ${s}`);
    await page.getByTestId('customer-search').click();
    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await expect(table.getByRole('row', { name: /Chen Jing/ })).toHaveCount(0);
    await expect(row).toContainText(login);

    // delete asks first, and the server refuses while the customer owns the plant
    await page.getByTestId(`customer-delete-${customerId}`).click();
    await page.locator('.ant-popover:visible .ant-btn-primary').click();
    await expect(page.getByText(t('customer.hasPlants', { count: 1 }))).toBeVisible();
    await expect(row).toBeVisible();

    // export of the filtered list, headers in the language
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('customer-export').click()]);
    expect(download.suggestedFilename()).toBe('customers.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(2).value).toBe(t('customerExport.name'));
    expect(sheet.getRow(2).getCell(2).value).toBe(name);
    expect(sheet.rowCount).toBe(2);

    // the customer signs in with the mailed first password and sees its own plant only, read-only
    const mail = await mailText(request, token, email, 'customerLogin');
    expect(mail).toContain(login);
    const password = /(?:Password|密码)[:：]\s*(\S+)/.exec(mail)![1]!;
    const owner = await asCustomer(browser, lang, login, password);
    await owner.page.goto('/power_station/power_station_list');
    await expect(owner.page.getByTestId(`plant-link-${plant.id}`).first()).toBeVisible();
    await expect(owner.page.locator('[data-testid^="plant-link-"]')).toHaveCount(1);
    await expect(owner.page.getByText(/Chen Jing/)).toHaveCount(0);
    await expect(owner.page.getByTestId('plant-create')).toHaveCount(0);
    await expect(owner.page.getByTestId(`plant-edit-${plant.id}`)).toHaveCount(0);
    // the partners' pages are not theirs
    const hrefs = await owner.page
      .getByTestId('sidebar')
      .locator('a[href]')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.some((h) => h.includes('business_partners'))).toBe(false);
    await owner.close();
  });

  test(`[${lang}] account cancellation: the e-mail, the mailed code, the account closed`, async ({ page, request }) => {
    const s = stamp();
    const admin = await apiToken(request, 'admin');
    const email = `e2e.cancel.${s}@example.com`;
    const login = `e2e-cancel-${s}`;
    const created = await data<{ id: number }>(
      await request.post('/photo_voltaic/customers', {
        headers: { 'x-token': admin },
        data: { name: `E2E Cancel ${s}`, email, loginName: login },
      }),
    );
    made.customers.push(created.id);
    const password = /Password[:：]\s*(\S+)/.exec(await mailText(request, admin, email, 'customerLogin'))![1]!;
    await apiToken(request, login, password);

    await useLanguage(page, lang);
    await page.goto('/customer/cancel');
    await expect(page.getByText(t('customer.cancel.title')).first()).toBeVisible();
    await page.getByTestId('cancel-email').fill('wrong@');
    await page.getByTestId('cancel-send').click();
    await expect(page.getByText(t('validation.email'))).toBeVisible();
    await page.getByTestId('cancel-email').fill(email);
    await page.getByTestId('cancel-send').click();
    await expect(page.getByText(t('success.messageSent')).first()).toBeVisible();

    const mail = await mailText(request, admin, email, 'cancelCode');
    const code = /\b(\d{6})\b/.exec(mail)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByTestId('cancel-code').fill(wrong);
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByText(t('customer.codeInvalid'))).toBeVisible();
    await page.getByTestId('cancel-code').fill(code);
    await page.getByTestId('cancel-confirm').click();
    await expect(page.getByTestId('cancel-done')).toBeVisible();
    await expect(page.getByText(t('customer.cancel.done'))).toBeVisible();

    const refused = await request.post('/photo_voltaic/login', {
      headers: { 'accept-language': lang },
      data: { username: login, password },
    });
    expect(((await refused.json()) as { msg: string }).msg).toBe(t('error.accountDisabled'));
  });
}
