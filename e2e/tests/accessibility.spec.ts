import AxeBuilder from '@axe-core/playwright';
import { flattenRoutes } from '@pv/contract';
import { expect, test, type Page } from '../support/test';
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

// every test only reads pages: they spread over the workers, a few pages each, so that a slow
// machine stays within a test's time and both workers finish together
test.describe.configure({ mode: 'parallel' });
const PAGES_PER_TEST = 4;
const chunks = (paths: string[]) =>
  Array.from({ length: Math.ceil(paths.length / PAGES_PER_TEST) }, (_, i) =>
    paths.slice(i * PAGES_PER_TEST, (i + 1) * PAGES_PER_TEST),
  );

for (const lang of (process.env.AXE_LANGS?.split(',') ?? ['en', 'zh']) as ('en' | 'zh')[]) {
  for (const paths of chunks(PUBLIC))
    test(`no serious or critical axe violation on the public pages ${paths.join(', ')} in ${lang}`, async ({
      page,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
      const found: string[] = [];
      for (const path of paths) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
    });

  for (const paths of chunks(CONSOLE))
    test(`no serious or critical axe violation on the console pages ${paths.join(', ')} as admin in ${lang}`, async ({
      page,
      request,
      baseURL,
    }) => {
      test.setTimeout(180_000);
      await page.context().addCookies([{ name: 'language', value: lang, url: baseURL! }]);
      await signInByApi(page, request, 'admin');
      const found: string[] = [];
      for (const path of paths) found.push(...(await violations(page, path)));
      expect(found).toEqual([]);
    });
}
