import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('the language switch stores Chinese and reloads into it', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page).toHaveTitle('Dashboard - PV Monitoring Platform');
  await page.getByTestId('language-switch').click();
  await Promise.all([page.waitForEvent('load'), page.getByRole('menuitem', { name: '中文' }).click()]);
  await expect(page).toHaveTitle(/光伏监控平台$/);
  expect((await page.context().cookies()).find((c) => c.name === 'language')?.value).toBe('zh');
  await expect(page.getByTestId('sidebar')).toContainText('用户');
});

test('a Chinese browser gets the Chinese console without choosing', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'zh-CN' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page).toHaveTitle(/光伏监控平台$/);
  await context.close();
});

test('public pages need no sign-in', async ({ page }) => {
  await page.goto('/HelpCenter');
  await expect(page).toHaveURL('/introduction');
  await page.goto('/product');
  await expect(page).toHaveURL('/product');
  await page.goto('/helpDoc');
  await expect(page.locator('body')).toHaveText(/^\s*帮助文档\s*$/);
  for (const path of ['/guide', '/policy', '/customer/cancel', '/404']) {
    await page.goto(path);
    await expect(page).toHaveURL(path);
  }
  await expect(page.getByTestId('not-found')).toBeVisible();
});
