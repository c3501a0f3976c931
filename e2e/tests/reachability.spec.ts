import { expect, test, type Page } from '../support/test';
import { signIn } from '../support/session';

/**
 * Issue 42, what a newcomer reaches at 1440 px: the power companies from the menu and the header
 * search, plants by a short accent-free text, customers by name, and list tables whose last
 * columns do not hide under the fixed actions column.
 */

async function search(page: Page, text: string) {
  await page.getByTestId('header-search').click();
  // the search loads when first focused (search-box.tsx): type into the real one
  const box = page.locator('.pv-header-search.ant-select input');
  await expect(box).toBeFocused();
  await box.fill(text);
}

test('the power companies are in the menu and found by "tariff"', async ({ page }) => {
  await signIn(page, 'admin');
  await expect(page.getByTestId('sidebar').locator('a[href="/systems/power-company"]')).toHaveCount(1);
  await search(page, 'tariff');
  await page.locator('.ant-select-item-option', { hasText: 'System > Power companies' }).click();
  await expect(page).toHaveURL('/systems/power-company');
});

test('header search: "Sao" lists the São Paulo plants, "Liu Yang" the customers', async ({ page }) => {
  await signIn(page, 'admin');
  await search(page, 'Sao');
  await expect(page.locator('[data-testid^="search-plant-"]', { hasText: 'SaoPaulo' }).first()).toBeVisible();
  await page.locator('.pv-header-search.ant-select input').fill('Liu Yang');
  await page.locator('[data-testid^="search-customer-"]').first().click();
  await expect(page).toHaveURL('/business_partners/clients_list?name=Liu%20Yang');
  await expect(page.getByTestId('customer-table').getByText('Liu Yang').first()).toBeVisible();
});

test('at 1440 px the plant, device and user lists show every column without sideways scrolling', async ({ page }) => {
  await signIn(page, 'admin');
  for (const path of ['/power_station/power_station_list', '/devices/devices__manage', '/auth/user']) {
    await page.goto(path);
    await expect(page.locator('.ant-table-row').first()).toBeVisible();
    const overflow = await page
      .locator('.ant-table-content')
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow, path).toBeLessThanOrEqual(0);
  }
});
