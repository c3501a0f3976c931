import { expect, test, type Page } from '../support/test';
import { signIn } from '../support/session';

/**
 * Opens the user menu's "Switch role" and clicks `name`. The pointer jumps (no path): if it lands
 * while the submenu is still zooming in, it is over the page, the submenu closes and the click
 * waits for a menu that is gone; then the whole gesture is made again, as a user would.
 */
async function actAs(page: Page, name: string) {
  await expect(async () => {
    if (!(await page.getByTestId('switch-role').isVisible())) await page.getByTestId('user-menu').click();
    await page.getByTestId('switch-role').hover();
    await page.getByRole('menuitem', { name }).click({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
}

test('role change: admin acts as its read-only role, then as all its roles again', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/auth/user');
  await expect(page.getByTestId('user-export')).toBeVisible();
  const before = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;

  await actAs(page, 'Viewer');
  await expect(page).toHaveURL('/dashboard');
  const after = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  // all tabs were closed: only the affix dashboard tab is left
  await expect(page.getByTestId('tag-/auth/user')).toHaveCount(0);
  await page.getByTestId('sidebar').locator('a[href="/auth/user"]').click();
  await expect(page.getByRole('cell', { name: 'viewer', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-export')).toHaveCount(0);

  await actAs(page, 'All my roles');
  await expect(page).toHaveURL('/dashboard');
  await page.getByTestId('sidebar').locator('a[href="/auth/user"]').click();
  await expect(page.getByTestId('user-export')).toBeVisible();
});
