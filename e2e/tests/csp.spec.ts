import { expect, test, type Page } from '../support/test';
import { currentServer } from '../support/servers';
import { sidebarHrefs, signIn } from '../support/session';
import { watchRequests } from '../support/settled';

// Issue 23: the console runs under its Content-Security-Policy (no inline or eval scripts, no
// framing). Every page the administrator is offered, the public pages and the API documentation
// load without one violation: the browser's `securitypolicyviolation` events and its console
// reports ("Refused to …") are both collected.

/**
 * Records every CSP violation the page's documents report, from before any of their scripts runs.
 * `caughtUp` resolves once the page has reported all it did so far: a request of our own that the
 * policy refuses (connect-src) is reported after whatever came before it.
 */
async function watchCsp(page: Page) {
  const reports: string[] = [];
  let step = 'start';
  let probes = 0;
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
  page.on('console', (msg) => {
    const text = msg.text();
    if (/CSP violation|Content Security Policy|Refused to (load|execute|apply|frame|connect)/i.test(text))
      reports.push(`${step}: ${text}`);
  });
  return {
    get violations() {
      return reports.filter((r) => !r.includes('csp-probe-'));
    },
    at: (name: string) => {
      step = name;
    },
    async caughtUp() {
      const marker = `csp-probe-${++probes}`;
      await page.evaluate(
        (m) =>
          fetch(`https://${m}.invalid/`).then(
            () => undefined,
            () => undefined,
          ),
        marker,
      );
      // the report of the securitypolicyviolation event, queued after those of earlier violations
      await expect.poll(() => reports.some((r) => r.includes('CSP violation') && r.includes(marker))).toBe(true);
    },
  };
}

/** Waits for a page to have its data (no visible spinner, every request answered, nothing new asked). */
async function settle(page: Page, requests: ReturnType<typeof watchRequests>) {
  await expect(page.locator('.ant-spin-spinning:visible, .ant-skeleton-active:visible')).toHaveCount(0, {
    timeout: 15_000,
  });
  await requests.quiet();
}

test('every console page loads under the CSP without a violation', async ({ page }) => {
  test.setTimeout(180_000);
  const csp = await watchCsp(page);
  const requests = watchRequests(page);

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
    await requests.quiet();
    await csp.caughtUp();
  }

  csp.at('sign-in');
  await signIn(page, 'admin');
  const hrefs = await sidebarHrefs(page);
  expect(hrefs.length).toBeGreaterThan(10);
  for (const href of hrefs) {
    csp.at(href);
    await page.getByTestId('sidebar').locator(`a[href="${href}"]`).first().dispatchEvent('click');
    await expect(page).toHaveURL(href);
    await settle(page, requests);
    await csp.caughtUp();
  }
  // a full load of a deep page (the index and its preloaded chunks again), then a chart page
  csp.at('reload');
  await page.goto(hrefs[hrefs.length - 1]!);
  await settle(page, requests);
  await csp.caughtUp();
  csp.at('plant detail');
  await page.goto('/power_station/power_station_list');
  await settle(page, requests);
  await page.locator('[data-testid^="plant-link-"]').first().click();
  await expect(page.getByTestId('plant-detail-name')).toBeVisible();
  await settle(page, requests);
  await csp.caughtUp();

  csp.at('API documentation');
  await page.goto('/photo_voltaic/docs');
  // the OpenAPI document is written on its first request (about 2 MB): seconds on a busy machine
  await expect(page.locator('.opblock').first()).toBeVisible({ timeout: 30_000 });
  await requests.quiet();
  await csp.caughtUp();

  expect(csp.violations, csp.violations.join('\n')).toEqual([]);
});

test('another site cannot frame the console', async ({ page }) => {
  const csp = await watchCsp(page);
  await page.setContent(`<iframe id="f" src="${currentServer().url}/login"></iframe>`);
  // the browser refuses it (frame-ancestors 'none'), and says so
  await expect.poll(() => csp.violations.join('\n')).toMatch(/frame-ancestors|Refused to frame/i);
  // the frame stays empty
  const frame = page.frames().find((f) => f !== page.mainFrame());
  const loaded = frame ? await frame.locator('[data-testid="login-username"]').count() : 0;
  expect(loaded).toBe(0);
});
