import { expect, test } from '@playwright/test';
import { signIn } from '../support/session';

test('role change: admin acts as its read-only role, then as all its roles again', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/auth/user');
  await expect(page.getByTestId('user-export')).toBeVisible();
  const before = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;

  await page.getByTestId('user-menu').click();
  await page.getByTestId('switch-role').hover();
  await page.getByRole('menuitem', { name: 'Viewer' }).click();
  await expect(page).toHaveURL('/dashboard');
  const after = (await page.context().cookies()).find((c) => c.name === 'Admin-Token')?.value;
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  // all tabs were closed: only the affix dashboard tab is left
  await expect(page.getByTestId('tag-/auth/user')).toHaveCount(0);
  await page.getByTestId('sidebar').locator('a[href="/auth/user"]').click();
  await expect(page.getByRole('cell', { name: 'viewer', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-export')).toHaveCount(0);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('switch-role').hover();
  await page.getByRole('menuitem', { name: 'All my roles' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.getByTestId('sidebar').locator('a[href="/auth/user"]').click();
  await expect(page.getByTestId('user-export')).toBeVisible();
});
