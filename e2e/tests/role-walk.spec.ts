import { expect, test, type Page } from '../support/test';
import { sidebarHrefs, signIn } from '../support/session';
import { watchRequests } from '../support/settled';
import { watchProblems } from '../support/watch';
import { scrollToPlantPart } from '../support/plant';

// Issue 17: every demo role opens every page it is offered, and the detail pages reached from its
// lists, without a refused request or a console error (the agent's device management once asked
// for /products and /orgs and got 403 twice).
const ROLES = ['admin', 'agent', 'viewer'] as const;

/** Each test's page's requests (watchRequests), followed from the start. */
const requestsOf = new WeakMap<Page, ReturnType<typeof watchRequests>>();

/**
 * Waits for a page to have its data: no spinner left in sight, and every request answered with
 * nothing new asked (what follows the first answers, a refused one included, has come). Pages kept
 * behind their tabs are hidden and do not fetch until shown again, so a list there may sit in its
 * loading state: only what can be seen counts.
 */
async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  await requestsOf.get(page)!.quiet();
}

/** Opens a path the way the sidebar does (the console's router, no reload). */
async function open(page: Page, href: string) {
  await page.getByTestId('sidebar').locator(`a[href="${href}"]`).first().dispatchEvent('click');
  await expect(page).toHaveURL(href);
  await settle(page);
}

for (const role of ROLES) {
  test(`${role} walks every page it is offered without a refused request or a console error`, async ({ page }) => {
    test.setTimeout(240_000);
    const watch = watchProblems(page);
    requestsOf.set(page, watchRequests(page));
    watch.at('sign-in');
    await signIn(page, role);
    const hrefs = await sidebarHrefs(page);
    expect(hrefs.length).toBeGreaterThan(3);

    for (const href of hrefs) {
      watch.at(href);
      await open(page, href);
    }

    // the detail pages hidden from the menu, reached from the lists
    if (hrefs.includes('/power_station/power_station_list')) {
      await open(page, '/power_station/power_station_list');
      watch.at('plant detail');
      await page.locator('[data-testid^="plant-link-"]').first().click();
      await expect(page).toHaveURL(/power_station_detail\?id=\d+/);
      await expect(page.getByTestId('plant-detail-name')).toBeVisible();
      await settle(page);
      await scrollToPlantPart(page, 'tables');
      const tabs = page.getByTestId('plant-part-tables').getByRole('tab');
      await expect(tabs.first()).toBeVisible();
      for (let i = 0; i < (await tabs.count()); i++) {
        watch.at(`plant detail, tab ${await tabs.nth(i).textContent()}`);
        await tabs.nth(i).click();
        await settle(page);
      }
    }
    if (hrefs.includes('/devices/devices__manage')) {
      await open(page, '/devices/devices__manage');
      watch.at('device detail');
      await page.locator('[data-testid^="device-open-"]').first().click();
      await expect(page).toHaveURL(/devices_detail\?id=\d+/);
      await expect(page.getByTestId('device-title')).toBeVisible();
      await settle(page);
      const detail = page.url();
      for (const link of ['open-data-overview', 'open-update-log']) {
        watch.at(`device ${link}`);
        await page.goto(detail);
        await settle(page);
        await page.getByTestId(link).click();
        await expect(page).not.toHaveURL(detail);
        await settle(page);
      }
    }

    expect(watch.problems, watch.problems.join('\n')).toEqual([]);
  });
}
