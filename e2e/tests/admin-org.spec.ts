import { expect, test } from '../support/test';
import { sidebarHrefs, signIn } from '../support/session';

// a 1×1 PNG
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const TEXT = {
  en: {
    agent: 'Service provider',
    created: 'Create Successful',
    refusal: /This organisation still has users \(\d+\), plants \(\d+\) and devices \(\d+\): move or delete them first/,
    avatarSaved: 'Avatar updated',
    create: 'Create',
    org: 'Organisation',
    avatar: 'Avatar',
    update: 'Update',
  },
  zh: {
    agent: '服务商',
    created: '创建成功',
    refusal: /该组织下还有 \d+ 个用户、\d+ 个电站和 \d+ 台设备，请先移走或删除它们/,
    avatarSaved: '头像已更新',
    create: '新增',
    org: '组织',
    avatar: '头像',
    update: '修改',
  },
} as const;

for (const lang of ['en', 'zh'] as const) {
  const tx = TEXT[lang];
  test(`[${lang}] admin onboards a service provider, is refused deleting an organisation with users, uploads an avatar and reads it all in the audit trail`, async ({
    page,
    baseURL,
  }) => {
    await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
    await signIn(page, 'admin');
    const code = `E2E-SP-${lang.toUpperCase()}-${Date.now() % 100000}`;
    const name = lang === 'en' ? `BrightPath${Date.now() % 1000}` : `光明服务${Date.now() % 1000}`;

    // create a service provider under ROOT
    await page.goto('/auth/org');
    await expect(page.getByTestId('org-row-ROOT')).toBeVisible();
    await page.getByTestId('org-create').click();
    await page.getByTestId('org-name').fill(name);
    await page.getByTestId('org-code').fill(code);
    await page.getByTestId('org-number').fill('SP2026');
    await page.getByTestId('org-type').click();
    await page.locator('.ant-select-item-option').filter({ hasText: tx.agent }).click();
    await page.getByTestId('org-grouping-add').click();
    await page.getByTestId('org-grouping-name-0').fill('East');
    await page.getByTestId('org-grouping-code-0').fill('E1');
    await page.getByTestId('org-save').click();
    await expect(page.locator('.ant-message').getByText(tx.created)).toBeVisible();
    const row = page.locator('tr', { has: page.getByTestId(`org-row-${code}`) });
    await expect(row).toBeVisible();
    await expect(row).toContainText(tx.agent);
    await expect(row).toContainText('East · E1');

    // deleting an organisation that still has users is refused with the server's reason
    await page.getByTestId('org-delete-SUNPATH').click();
    await page.locator('.ant-popover .ant-btn-primary').click();
    await expect(page.locator('.ant-message')).toContainText(tx.refusal);
    await expect(page.getByTestId('org-row-SUNPATH')).toBeVisible();

    // an avatar, shown in the navbar
    await page.goto('/userCenter/personalData');
    await page.locator('input[type=file]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.locator('.ant-message').getByText(tx.avatarSaved)).toBeVisible();
    await expect(page.getByTestId('navbar-avatar').locator('img')).toHaveAttribute('src', /^blob:/);

    // the audit trail shows the creation and the avatar, newest first
    await page.goto('/auth/audit');
    await page.getByTestId('audit-user').fill('admin');
    await page.getByTestId('audit-search').click();
    const created = page.locator('tr', { hasText: name });
    await expect(created.first()).toContainText(tx.create);
    await expect(created.first()).toContainText(tx.org);
    const avatarRow = page.locator('tr', { hasText: 'image/png' }).first();
    await expect(avatarRow).toContainText(tx.avatar);
    await expect(avatarRow).toContainText(tx.update);
    const download = page.waitForEvent('download');
    await page.getByTestId('audit-export').click();
    expect((await download).suggestedFilename()).toBe('audit.xlsx');
  });
}

test('the audit trail is not offered to the agent; the viewer reads it without exporting', async ({
  page,
  baseURL,
}) => {
  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await signIn(page, 'agent');
  expect(await sidebarHrefs(page)).not.toContain('/auth/audit');
  await page.goto('/auth/audit');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await page.context().clearCookies();

  await page.context().addCookies([{ name: 'language', value: 'en', url: baseURL! }]);
  await signIn(page, 'viewer');
  expect(await sidebarHrefs(page)).toContain('/auth/audit');
  await page.goto('/auth/audit');
  await expect(page.getByTestId('not-found')).toHaveCount(0);
  await expect(page.getByRole('table')).toBeVisible();
  await expect(page.getByTestId('audit-export')).toHaveCount(0);
});
