import { expect, test } from '../support/test';
import { apiToken, sidebarHrefs, signIn } from '../support/session';

test('admin sees every menu group and the buttons of the user list', async ({ page }) => {
  await signIn(page, 'admin');
  const hrefs = await sidebarHrefs(page);
  for (const path of [
    '/dashboard',
    '/power_station/power_station_list',
    '/devices/devices__manage',
    '/auth/user',
    '/systems/product_problem',
  ]) {
    expect(hrefs).toContain(path);
  }
  await page.goto('/auth/user');
  await expect(page.getByRole('cell', { name: 'viewer', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-export')).toBeVisible();
  await expect(page.getByTestId('user-state-viewer')).toBeVisible();
});

test('admin exports the user list as a real spreadsheet', async ({ page }) => {
  await signIn(page, 'admin');
  await page.goto('/auth/user');
  const download = page.waitForEvent('download');
  await page.getByTestId('user-export').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.xlsx$/);
  const path = await file.path();
  const { readFileSync } = await import('node:fs');
  // an .xlsx is a zip archive: it starts with "PK"
  expect(readFileSync(path).subarray(0, 2).toString()).toBe('PK');
});

test('agent has no dashboard, no administration and cannot reach them', async ({ page, request }) => {
  await signIn(page, 'agent');
  await expect(page).toHaveURL('/power_station/power_station_list');
  const hrefs = await sidebarHrefs(page);
  expect(hrefs).toContain('/power_station/power_station_list');
  expect(hrefs).not.toContain('/dashboard');
  expect(hrefs.some((h) => h.startsWith('/auth'))).toBe(false);
  await page.goto('/auth/user');
  await expect(page.getByTestId('not-found')).toBeVisible();
  const token = await apiToken(request, 'agent');
  const res = await request.get('/photo_voltaic/users', { headers: { 'X-Token': token } });
  expect(res.status()).toBe(403);
  expect((await res.json()).code).toBe(403);
});

test('viewer sees the menus but no create, edit, delete or export buttons', async ({ page, request }) => {
  await signIn(page, 'viewer');
  const hrefs = await sidebarHrefs(page);
  expect(hrefs).toContain('/auth/user');
  await page.goto('/auth/user');
  await expect(page.getByRole('cell', { name: 'admin', exact: true })).toBeVisible();
  await expect(page.getByTestId('user-export')).toHaveCount(0);
  await expect(page.getByTestId('user-state-admin')).toHaveCount(0);
  const token = await apiToken(request, 'viewer');
  const res = await request.get('/photo_voltaic/users/export', { headers: { 'X-Token': token } });
  expect(res.status()).toBe(403);
});
