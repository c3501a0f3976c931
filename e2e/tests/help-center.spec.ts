import { expect, test, type APIRequestContext, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import ExcelJS from 'exceljs';
import { XSS_VECTORS } from '../../apps/server/test/xss-vectors';
import { LANGS, buttonText, stamp, translator, useLanguage } from '../support/i18n';
import { apiToken, signInByApi } from '../support/session';
import { watchRequests } from '../support/settled';

// lazy screens, an editor and uploads on a shared machine: give them room
test.describe.configure({ timeout: 90_000 });

const api = async (
  request: APIRequestContext,
  token: string,
  method: 'post' | 'delete',
  url: string,
  data?: object,
) => {
  const res = await request[method](`/photo_voltaic${url}`, { headers: { 'x-token': token }, data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: { id: number } }).data;
};

/** A page without a session (a visitor), in a language. */
async function visitor(page: Page, lang: 'en' | 'zh') {
  const context = await page
    .context()
    .browser()!
    .newContext({ locale: lang === 'zh' ? 'zh-CN' : 'en-US' });
  await context.addCookies([{ name: 'language', value: lang, url: currentServer().url }]);
  return { page: await context.newPage(), close: () => context.close() };
}

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_200_000, 0x20), Buffer.from('\n%%EOF\n')]);
// a 1×1 PNG
const PNG = Buffer.from(
  '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
    '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
  'hex',
);
const EXE = (() => {
  const b = Buffer.alloc(512);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('PE\0\0', 0x80, 'latin1');
  return b;
})();

for (const lang of LANGS) {
  const t = translator(lang);

  test(`[${lang}] FAQs: write and publish in the editor; the public help center shows published items only; delete and restore`, async ({
    page,
    request,
  }) => {
    const token = await signInByApi(page, request, 'admin');
    await useLanguage(page, lang);
    const title = `E2E FAQ ${stamp()}`;
    const draft = `E2E draft ${stamp()}`;
    await api(request, token, 'post', '/contents', { kind: 'faqs', lang, title: draft, content: '<p>not yet</p>' });

    await page.goto('/systems/faqs');
    await page.getByTestId('faqs-create').click();
    // a title is required, in the form as on the server
    await page.getByTestId('content-form-ok').click();
    await expect(page.getByText(t('validation.titleRequired'))).toBeVisible();
    await page.getByTestId('content-form-title').fill(title);
    await page.getByTestId('content-form-editor-body').locator('.tiptap').click();
    await page.keyboard.type('Restart the collector.');
    await page.getByTestId('content-form-editor-bold').click();
    await page.keyboard.type(' Then wait.');
    await page.getByTestId('content-form-published').click();
    // a picture goes up (checked by its bytes) and into the text
    await page
      .getByTestId('content-form-editor-file')
      .setInputFiles({ name: 'panel.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('content-form-editor-body').locator('img')).toHaveAttribute(
      'src',
      /^\/photo_voltaic\/cms\/media\/[a-f0-9]{64}\.png$/,
    );
    await page.getByTestId('content-form-preview').click();
    await expect(page.getByTestId('content-preview').locator('strong')).toHaveText('Then wait.');
    await page.getByTestId('content-form-ok').click();
    const row = page.locator('tr.ant-table-row', { hasText: title });
    await expect(row).toContainText(t('helpCenter.content.statuses.published'));

    const v = await visitor(page, lang);
    await v.page.goto('/HelpCenter');
    await expect(v.page).toHaveURL('/introduction');
    await expect(v.page.getByTestId('cms-faqs')).toContainText(title);
    await expect(v.page.getByTestId('cms-faqs')).not.toContainText(draft);
    await v.page.getByText(title).click();
    await expect(v.page.getByTestId('cms-faqs').locator('strong', { hasText: 'Then wait.' })).toBeVisible();
    await expect(v.page.getByTestId('cms-faqs').locator('img[alt="panel.png"]')).toBeVisible();

    // deleted: gone from the public page, restorable as a draft
    await row.getByRole('button', { name: t('common.delete') }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: buttonText(t('common.confirm')) })
      .click();
    await expect(row).toContainText(t('helpCenter.content.statuses.deleted'));
    await v.page.reload();
    await expect(v.page.getByTestId('cms-faqs')).not.toContainText(title);
    await row.getByRole('button', { name: t('helpCenter.content.restore') }).click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: buttonText(t('common.confirm')) })
      .click();
    await expect(row).toContainText(t('helpCenter.content.statuses.draft'));
    await v.close();
  });

  test(`[${lang}] contact us: a visitor writes, an administrator answers by mail; the guide and policy pages read the published text`, async ({
    page,
    request,
  }) => {
    const v = await visitor(page, lang);
    const name = `Visitor ${stamp()}`;
    await v.page.goto('/introduction');
    await expect(v.page.getByTestId('cms-contactUs')).toContainText(lang === 'zh' ? '运维服务台' : 'Operations desk');
    await v.page.getByTestId('contact-form-name').fill(name);
    await v.page.getByTestId('contact-form-email').fill('visitor@example.com');
    await v.page.getByTestId('contact-form-message').fill('Where is the datasheet?');
    await v.page.getByTestId('contact-form-send').click();
    await expect(v.page.getByTestId('contact-sent')).toBeVisible();
    await v.page.goto('/guide');
    await expect(v.page.getByTestId('cms-userGuide')).toContainText(lang === 'zh' ? '快速入门' : 'Getting started');
    await expect(v.page.getByTestId('cms-userGuide')).not.toContainText('Battery scheduling');
    await v.page.goto('/policy');
    await expect(v.page.getByTestId('cms-policy')).toContainText(lang === 'zh' ? '我们收集什么' : 'What we collect');
    await v.close();

    await signInByApi(page, request, 'admin');
    await useLanguage(page, lang);
    await page.goto('/systems/contactUs');
    await expect(page.getByTestId('contact-table')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('contact-messages-tab').click();
    const row = page.locator('tr.ant-table-row', { hasText: name });
    await row.getByRole('button', { name: t('helpCenter.contact.answer') }).click();
    await page.getByTestId('contact-answer').fill('On the product page.');
    await page.getByTestId('contact-answer-ok').click();
    await expect(row).toContainText(t('helpCenter.contact.statuses.answered'));
    // the user-guide screen holds the privacy policy too
    await page.goto('/systems/userGuide');
    await page.getByTestId('guide-kind').getByText(t('helpCenter.content.kinds.policy')).click();
    await expect(page.getByTestId('guide-table')).toContainText(lang === 'zh' ? '隐私政策' : 'Privacy policy');
  });

  test(`[${lang}] product options: documents by type with progress, a renamed .exe refused, release notes JSON, problems`, async ({
    page,
    request,
  }) => {
    await signInByApi(page, request, 'admin');
    await useLanguage(page, lang);
    await page.goto('/systems/product_problem');
    const product = page.locator('tr.ant-table-row', { hasText: 'SW5K' });
    await product.getByRole('button', { name: t('helpCenter.products.documents') }).click();
    const drawer = page.getByTestId('product-drawer');
    await expect(drawer.getByTestId('docs-datasheet')).toContainText('SW5K_datasheet.pdf');

    // the content decides: a program renamed .pdf is refused by the server
    await drawer
      .getByTestId('docs-installationGuide')
      .locator('input[type=file]')
      .setInputFiles({ name: 'guide.pdf', mimeType: 'application/pdf', buffer: EXE });
    await expect(page.locator('.ant-message')).toContainText(t('validation.pdfOnly'));

    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 600_000,
    });
    const fileName = `guide-${lang}.pdf`;
    await drawer
      .getByTestId('docs-installationGuide')
      .locator('input[type=file]')
      .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: PDF });
    await expect(drawer.getByTestId('docs-progress-installationGuide')).toBeVisible();
    await expect(drawer.getByTestId('docs-installationGuide')).toContainText(fileName, { timeout: 30_000 });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    const link = drawer
      .getByTestId('docs-installationGuide')
      .getByRole('link', { name: t('helpCenter.public.download') });
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    await drawer
      .getByTestId('docs-installationGuide')
      .getByRole('button', { name: t('common.delete') })
      .click();
    await page
      .locator('.ant-popconfirm:visible')
      .getByRole('button', { name: buttonText(t('common.confirm')) })
      .click();
    await expect(drawer.getByTestId('docs-installationGuide')).not.toContainText(fileName);

    await drawer.getByTestId('releases-tab').click();
    await drawer.getByTestId('release-version').fill(`V9.${stamp()}`);
    await drawer.getByTestId('release-content').fill('{"en": "broken",');
    await drawer.getByTestId('release-save').click();
    await expect(drawer.getByText(t('validation.json'))).toBeVisible();
    await page.locator('.ant-drawer-close').click();
    await expect(drawer).toBeHidden();

    await page.getByTestId('problems-tab').click();
    const answered = page.locator('tr.ant-table-row', { hasText: 'router change' });
    await expect(answered).toContainText(t('helpCenter.problems.statuses.answered'));
    const [exported] = await Promise.all([page.waitForEvent('download'), page.getByTestId('problem-export').click()]);
    expect(exported.suggestedFilename()).toBe('product-problems.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await exported.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe(t('problemExport.title'));
    const titles = sheet.getColumn(3).values.map(String);
    expect(titles.some((v) => v.includes('router change'))).toBe(true);
    await page.getByTestId('problem-create').click();
    await page
      .locator('[id="problem-form"] input[type=file]')
      .setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: Buffer.alloc(2 * 1024 * 1024 + 1, 1) });
    await expect(page.locator('.ant-message')).toContainText(t('validation.imageSize'));
  });
}

test('a published item holding the OWASP XSS vectors runs nothing in Chromium', async ({ page, request }) => {
  const token = await apiToken(request, 'admin');
  const title = `XSS ${stamp()}`;
  const { id } = await api(request, token, 'post', '/contents', {
    kind: 'faqs',
    lang: 'en',
    title,
    status: 'published',
    sortOrder: 0,
    content: XSS_VECTORS.join('\n'),
  });
  const v = await visitor(page, 'en');
  const requests = watchRequests(v.page);
  const dialogs: string[] = [];
  v.page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await v.page.goto('/introduction');
  await v.page.getByTestId(`cms-item-${id}`).click();
  const body = v.page.getByTestId(`cms-body-${id}`);
  await expect(body).toBeVisible();
  // hover and focus everything a handler could hang on, then wait until every picture, video and
  // frame the item asked for has loaded or failed (their onload / onerror would have run by then)
  for (const el of await body.locator('*').all())
    await el.hover({ force: true, timeout: 1_000 }).catch(() => undefined);
  await requests.quiet();
  expect(dialogs).toEqual([]);
  expect(await v.page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  const injected = await body.evaluate((root) =>
    [...root.querySelectorAll('*')].flatMap((el) => {
      const bad: string[] = [];
      if (
        /^(script|iframe|object|embed|svg|math|style|link|meta|base|form|input|frame|frameset|body)$/i.test(el.tagName)
      )
        bad.push(el.tagName);
      for (const a of el.getAttributeNames())
        if (
          /^on/i.test(a) ||
          a === 'style' ||
          (/^(href|src|poster|action)$/.test(a) && /^\s*(javascript|vbscript|data):/i.test(el.getAttribute(a)!))
        )
          bad.push(`${el.tagName}[${a}]`);
      return bad;
    }),
  );
  expect(injected).toEqual([]);
  await v.close();
});

for (const lang of LANGS) {
  const t = translator(lang);

  test(`[${lang}] the interface error log: an uncaught error shows under the navbar badge, reaches the administrator page and its export`, async ({
    page,
    request,
  }) => {
    const token = await signInByApi(page, request, 'admin');
    await useLanguage(page, lang);
    await page.goto('/systems/faqs');
    await expect(page.getByTestId('faqs-table')).toBeVisible({ timeout: 30_000 });
    const message = `E2E boom ${lang} ${stamp()}`;
    await page.evaluate(
      (m) =>
        setTimeout(() => {
          throw new Error(m);
        }),
      message,
    );
    await page.getByTestId('error-log-badge').click();
    await expect(page.getByTestId('error-log-list')).toContainText(message);
    await page.keyboard.press('Escape');
    // reported within the reporter's period (5 s)
    await expect(async () => {
      const res = await request.get('/photo_voltaic/client-errors?kind=error', { headers: { 'x-token': token } });
      expect(JSON.stringify(await res.json())).toContain(message);
    }).toPass({ timeout: 20_000 });
    await page.goto('/systems/error_log');
    const row = page.locator('tr.ant-table-row', { hasText: message });
    await expect(row).toContainText('/systems/faqs');
    await expect(row).toContainText('admin');
    await expect(row).toContainText(/Chrome \d+/);
    await expect(row).toContainText(t('helpCenter.errorLog.kinds.error'));

    // the list as .xlsx: headers and kinds in the language, this error among the rows
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('error-log-export').click()]);
    expect(download.suggestedFilename()).toBe('error-log.xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(await download.path());
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe(t('errorLogExport.sheet'));
    expect(sheet.getRow(1).getCell(3).value).toBe(t('errorLogExport.message'));
    // the message as the browser worded it ("Uncaught Error: …")
    const mine = sheet.getColumn(3).values.findIndex((v) => String(v).includes(message));
    expect(mine).toBeGreaterThan(1);
    expect(sheet.getRow(mine).getCell(2).value).toBe(t('errorLogExport.kinds.error'));
    await expect(page.locator('.ant-message')).toContainText(t('helpCenter.exported'));
  });

  test(`[${lang}] release notes per firmware version: refused when not JSON, shown in the list; the MQTT screen shows the embedded broker`, async ({
    page,
    request,
  }) => {
    const token = await signInByApi(page, request, 'admin');
    await useLanguage(page, lang);
    const version = `V8.${stamp()}`;
    const uploaded = await request.post('/photo_voltaic/firmware', {
      headers: { 'x-token': token },
      multipart: {
        version,
        deviceType: 'meter',
        file: { name: 'meter.bin', mimeType: 'application/octet-stream', buffer: Buffer.from(`meter ${version}`) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(200);
    const id = ((await uploaded.json()) as { data: { id: number } }).data.id;

    await page.goto('/systems/cmd');
    const row = page.locator('tr.ant-table-row', { hasText: version });
    await expect(row).toBeVisible({ timeout: 30_000 });
    await row.getByTestId(`firmware-notes-edit-${version}`).click();
    await page.getByTestId('firmware-notes-input').fill('{"en": "Meter clock fix",}');
    await page.getByTestId('firmware-notes-ok').click();
    await expect(page.getByText(t('validation.json'))).toBeVisible();
    await page
      .getByTestId('firmware-notes-input')
      .fill('{"en": "Meter clock no longer drifts", "zh": "电表时钟不再漂移"}');
    await page.getByTestId('firmware-notes-ok').click();
    await expect(row.getByTestId(`firmware-notes-${version}`)).toHaveText(
      lang === 'zh' ? '电表时钟不再漂移' : 'Meter clock no longer drifts',
    );
    await api(request, token, 'delete', `/firmware/${id}`);

    // a fresh demo lists the embedded broker's own endpoint
    await page.goto('/systems/mqtt');
    const embedded = page
      .locator('tr.ant-table-row', { hasText: 'pv/{sn}/up/telemetry' })
      .filter({ hasText: /mqtt:\/\/[\w.-]+:\d+/ });
    await expect(embedded).toHaveCount(1, { timeout: 30_000 });
    await expect(embedded).toContainText('{sn}');
  });
}
