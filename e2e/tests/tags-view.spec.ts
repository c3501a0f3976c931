import { expect, test, type Page } from '../support/test';
import { signIn } from '../support/session';

const tag = (page: Page, path: string) => page.getByTestId(`tag-${path}`);

async function openTagMenu(page: Page, path: string) {
  await tag(page, path).click({ button: 'right' });
}

/**
 * Opens a tab's context menu and picks an item. Under a full run the open menu keeps moving (never
 * "stable" for Playwright's pointer click; seen in CI, not reproduced alone: an open issue), so the
 * item gets its click event directly; the pair is retried if the menu closed before it.
 */
async function pickFromTagMenu(page: Page, path: string, item: string) {
  await expect(async () => {
    await openTagMenu(page, path);
    const entry = page.getByRole('menuitem', { name: item, exact: true });
    await expect(entry).toBeVisible({ timeout: 3_000 });
    await entry.dispatchEvent('click', undefined, { timeout: 3_000 });
  }).toPass({ timeout: 45_000 });
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
  await pickFromTagMenu(page, '/auth/user', 'Close');
  await expect(tag(page, '/auth/user')).toHaveCount(0);
  await expect(page).toHaveURL('/devices/devices__manage');

  // close others keeps the affix tab and the chosen one
  await pickFromTagMenu(page, '/devices/devices__manage', 'Close others');
  await expect(tag(page, '/power_station/power_station_list')).toHaveCount(0);
  await expect(tag(page, '/devices/devices__manage')).toBeVisible();
  await expect(tag(page, '/dashboard')).toBeVisible();

  // close all returns ROOT to the dashboard
  await pickFromTagMenu(page, '/devices/devices__manage', 'Close all');
  await expect(page).toHaveURL('/dashboard');
  await expect(tag(page, '/devices/devices__manage')).toHaveCount(0);
  await expect(tag(page, '/dashboard')).toBeVisible();

  // refresh keeps the page
  await pickFromTagMenu(page, '/dashboard', 'Refresh');
  await expect(page).toHaveURL('/dashboard');
});

test('close all sends a non-ROOT user to the plant list', async ({ page }) => {
  await signIn(page, 'agent');
  await page.getByTestId('sidebar').locator('a[href="/devices/devices__manage"]').click();
  await expect(page).toHaveURL('/devices/devices__manage');
  await expect(tag(page, '/devices/devices__manage')).toBeVisible();
  await pickFromTagMenu(page, '/devices/devices__manage', 'Close all');
  await expect(page).toHaveURL('/power_station/power_station_list');
  // the agent's landing page is pinned as the administrator's dashboard is (issue 42)
  await expect(tag(page, '/power_station/power_station_list')).toBeVisible();
  await expect(page.getByTestId('tag-close-/power_station/power_station_list')).toHaveCount(0);
});
