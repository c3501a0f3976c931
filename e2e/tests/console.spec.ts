import { expect, test } from '../support/test';
import { signIn } from '../support/session';

test('settings panel toggles the tags view and the sidebar logo, the theme drawer keeps its colour', async ({
  page,
}) => {
  await signIn(page, 'admin');
  await page.getByTestId('settings-open').click();
  const panel = page.locator('.pv-settings');
  await expect(panel).toBeVisible();
  await page.getByTestId('setting-tags-view').click();
  await expect(page.getByTestId('tags-view')).toHaveCount(0);
  await page.getByTestId('setting-tags-view').click();
  await expect(page.getByTestId('tags-view')).toBeVisible();
  await page.getByTestId('setting-sidebar-logo').click();
  await expect(page.getByTestId('sidebar').locator('.pv-logo')).toHaveAttribute('href', '/dashboard');

  await page.getByTestId('theme-open').click();
  await page.getByTestId('theme-#13c2c2').click();
  await expect(page.locator('.pv-navbar')).toHaveCSS('background-color', 'rgb(19, 194, 194)');
  // kept in session storage: a reload keeps it
  await page.reload();
  await expect(page.locator('.pv-navbar')).toHaveCSS('background-color', 'rgb(19, 194, 194)');
  // a click on the backdrop does not close a drawer (spec §2)
  await page.getByTestId('settings-open').click();
  await expect(panel).toBeVisible();
  await page.mouse.click(100, 400);
  await expect(panel).toBeVisible();
});

test('header search finds a permitted page by a fuzzy title and opens it', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('header-search').click();
  await page.keyboard.type('Usrs');
  await page.locator('.ant-select-item-option', { hasText: 'Permissions > Users' }).click();
  await expect(page).toHaveURL('/auth/user');
  await expect(page).toHaveTitle('Users - PV Monitoring Platform');
});

test('header search of the agent offers only the agent pages', async ({ page }) => {
  await signIn(page, 'agent');
  await page.getByTestId('header-search').click();
  await page.keyboard.type('Plant list');
  await expect(page.locator('.ant-select-item-option', { hasText: 'Power plants > Plant list' })).toBeVisible();
  await page.keyboard.press('Control+A');
  await page.keyboard.type('Users');
  await expect(page.locator('.ant-select-item-option', { hasText: 'Permissions' })).toHaveCount(0);
});

test('the global size and the sidebar state persist in cookies', async ({ page }) => {
  await signIn(page, 'admin');
  await page.getByTestId('size-switch').click();
  await page.getByRole('menuitem', { name: 'Small' }).click();
  await page.getByTestId('hamburger').click();
  const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
  expect(cookies.size).toBe('small');
  expect(cookies.sidebarStatus).toBe('0');
  await page.getByTestId('hamburger').click();
  expect((await page.context().cookies()).find((c) => c.name === 'sidebarStatus')?.value).toBe('1');
});

test('under 992px the console is in mobile mode: the sidebar becomes a drawer', async ({ page }) => {
  await page.setViewportSize({ width: 800, height: 900 });
  await page.goto('/login');
  await page.getByTestId('login-username').fill('admin');
  await page.getByTestId('login-password').fill('demo123456');
  await page.getByTestId('login-submit').click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.locator('.pv-aside')).toHaveCount(0);
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await page.getByTestId('hamburger').click();
  await page.getByTestId('sidebar').locator('a[href="/auth/user"]').click();
  await expect(page).toHaveURL('/auth/user');
  await expect(page.getByTestId('sidebar')).toBeHidden();
  await expect(page.locator('.pv-mobile-title')).toHaveText('Users');
});

test('changing the password ends the session and the new one signs in', async ({ page }) => {
  await signIn(page, 'sunpath-ops');
  await page.getByTestId('user-menu').click();
  await page.locator('.ant-dropdown').getByRole('menuitem', { name: 'Change password' }).click();
  await expect(page).toHaveURL('/userCenter/changePassword');
  await page.getByTestId('old-password').fill('demo123456');
  await page.getByTestId('new-password').fill('short');
  await page.getByTestId('confirm-password').fill('short');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Password must be longer than 6 characters')).toBeVisible();
  await page.getByTestId('new-password').fill('brand-new-pass');
  await page.getByTestId('confirm-password').fill('brand-new-pass');
  await page.getByTestId('change-password-submit').click();
  await expect(page.getByText('Password modified, please sign in again')).toBeVisible();
  await expect(page).toHaveURL(/\/login/);
  await signIn(page, 'sunpath-ops', 'brand-new-pass');
});

test('personal data and organisation pages show the signed-in user', async ({ page }) => {
  await signIn(page, 'agent');
  await page.goto('/userCenter/personalData');
  await expect(page.getByText('agent@sunpath.example')).toBeVisible();
  await page.goto('/userCenter/orgData');
  await expect(page.getByText('SunPath Services')).toBeVisible();
  await expect(page.getByText('Service provider', { exact: true })).toBeVisible();
});
