import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/session';

const tag = (page: Page, path: string) => page.getByTestId(`tag-${path}`);

async function openTagMenu(page: Page, path: string) {
  await tag(page, path).click({ button: 'right' });
}

test('tags view: visit, close, close others, close all, affix stays', async ({ page }) => {
  await signIn(page, 'admin');
  const sidebar = page.getByTestId('sidebar');
  for (const path of ['/power_station/power_station_list', '/devices/devices__manage', '/auth/user']) {
    await sidebar.locator(`a[href="${path}"]`).click();
    await expect(page).toHaveURL(path);
    // the page has opened (a fast second click may otherwise supersede the navigation)
    await expect(tag(page, path)).toBeVisible();
  }
  for (const path of ['/dashboard', '/power_station/power_station_list', '/devices/devices__manage', '/auth/user']) {
    await expect(tag(page, path)).toBeVisible();
  }
  // the affix dashboard tab has no close control
  await openTagMenu(page, '/dashboard');
  await expect(page.getByRole('menuitem', { name: 'Close', exact: true })).toHaveCount(0);
  await page.keyboard.press('Escape');

  // close one: the current tab closes and the previous one opens
  await openTagMenu(page, '/auth/user');
  await page.getByRole('menuitem', { name: 'Close', exact: true }).click();
  await expect(tag(page, '/auth/user')).toHaveCount(0);
  await expect(page).toHaveURL('/devices/devices__manage');

  // close others keeps the affix tab and the chosen one
  await openTagMenu(page, '/devices/devices__manage');
  await page.getByRole('menuitem', { name: 'Close others' }).click();
  await expect(tag(page, '/power_station/power_station_list')).toHaveCount(0);
  await expect(tag(page, '/devices/devices__manage')).toBeVisible();
  await expect(tag(page, '/dashboard')).toBeVisible();

  // close all returns ROOT to the dashboard
  await openTagMenu(page, '/devices/devices__manage');
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(tag(page, '/devices/devices__manage')).toHaveCount(0);
  await expect(tag(page, '/dashboard')).toBeVisible();

  // refresh keeps the page
  await openTagMenu(page, '/dashboard');
  await page.getByRole('menuitem', { name: 'Refresh' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('close all sends a non-ROOT user to the plant list', async ({ page }) => {
  await signIn(page, 'agent');
  await page.getByTestId('sidebar').locator('a[href="/devices/devices__manage"]').click();
  await expect(page).toHaveURL('/devices/devices__manage');
  await expect(tag(page, '/devices/devices__manage')).toBeVisible();
  await openTagMenu(page, '/devices/devices__manage');
  await page.getByRole('menuitem', { name: 'Close all' }).click();
  await expect(page).toHaveURL('/power_station/power_station_list');
});
