import { expect, test, type Page } from '@playwright/test';
import { sidebarHrefs, signIn } from '../support/session';

// Issue 23: the console runs under its Content-Security-Policy (no inline or eval scripts, no
// framing). Every page the administrator is offered, the public pages and the API documentation
// load without one violation: the browser's `securitypolicyviolation` events and its console
// reports ("Refused to …") are both collected.

/** Records every CSP violation the page's documents report, from before any of their scripts runs. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  let step = 'start';
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/CSP violation|Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text))
      violations.push(`${step}: ${text}`);
  });
  return {
    violations,
    at: (name: string) => {
      step = name;
    },
  };
}

/** Waits for a page to have its data (no visible spinner), then a moment for what its answers bring. */
async function settle(page: Page) {
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  await page.waitForTimeout(300);
}

test('every console page loads under the CSP without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const csp = await watchCsp(page);

  const index = await page.goto('/login');
  const policy = index!.headers()['content-security-policy'] ?? '';
  expect(policy).toContain("frame-ancestors 'none'");
  expect(policy).toMatch(/script-src 'self'(;| 'sha256-)/);
  expect(policy).not.toMatch(/script-src[^;]*unsafe-(inline|eval)/);
  expect(index!.headers()['x-content-type-options']).toBe('nosniff');

  for (const path of ['/login', '/guide', '/policy', '/introduction', '/helpDoc', '/customer/cancel']) {
    csp.at(path);
    await page.goto(path);
    await page.waitForLoadState('load');
    await page.waitForTimeout(300);
  }

  csp.at('sign-in');
  await signIn(page, 'admin');
  const hrefs = await sidebarHrefs(page);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) {
    csp.at(href);
    await page.getByTestId('sidebar').locator(`a[href="${href}"]`).first().dispatchEvent('click');
    await expect(page).toHaveURL(href);
    await settle(page);
  }
  // a full load of a deep page (the index and its preloaded chunks again), then a chart page
  csp.at('reload');
  await page.goto(hrefs[hrefs.length - 1]!);
  await settle(page);
  csp.at('plant detail');
  await page.goto('/power_station/power_station_list');
  await settle(page);
  await page.locator('[data-testid^="plant-link-"]').first().click();
  await expect(page.getByTestId('plant-detail-name')).toBeVisible();
  await settle(page);

  csp.at('API documentation');
  await page.goto('/photo_voltaic/docs');
  await expect(page.locator('.opblock').first()).toBeVisible();
  await page.waitForTimeout(500);

  expect(csp.violations, csp.violations.join('\n')).toEqual([]);
});

test('another site cannot frame the console', async ({ page }) => {
  const csp = await watchCsp(page);
  await page.setContent(`<iframe id="f" src="${test.info().project.use.baseURL}/login"></iframe>`);
  await page.waitForTimeout(1500);
  // the frame stays empty: the browser refused it (frame-ancestors 'none')
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const loaded = frame ? await frame.locator('[data-testid="login-username"]').count() : 0;
  expect(loaded).toBe(0);
  expect(csp.violations.join('\n')).toMatch(/frame-ancestors|Refused to frame/i);
});
