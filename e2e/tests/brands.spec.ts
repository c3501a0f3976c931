import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test';
import { freePort } from '@pv/test-ports';

// Issue 22: BRAND at build time. Each brand besides the default gets its own build and server;
// its title (per language), logo, theme colour and favicon are checked as a browser gets them.
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const BRANDS = [
  {
    id: 'solarix',
    titleEn: 'Sign in - Solarix Cloud',
    titleJa: 'サインイン - ソラリクス クラウド',
    color: '#0b7a75',
    rgb: 'rgb(11, 122, 117)',
    operator: 'Solarix Energy GmbH',
  },
  {
    id: 'helios',
    titleEn: 'Sign in - Helios Monitor',
    titleJa: 'サインイン - ヘリオス モニター',
    color: '#c2410c',
    rgb: 'rgb(194, 65, 12)',
    operator: 'Helios Solar S.L.',
  },
] as const;

for (const brand of BRANDS)
  test.describe(`BRAND=${brand.id}`, () => {
    let server: ChildProcess | undefined;
    let origin = '';
    const dir = mkdtempSync(join(tmpdir(), `pv-e2e-brand-${brand.id}-`));

    test.beforeAll(async () => {
      test.setTimeout(300_000);
      const build = spawnSync('npx', ['vite', 'build', '--outDir', join(dir, 'dist'), '--emptyOutDir'], {
        cwd: join(ROOT, 'apps/web'),
        env: { ...process.env, BRAND: brand.id },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      const port = await freePort();
      origin = `http://127.0.0.1:${port}`;
      server = spawn(process.execPath, [join(ROOT, 'scripts/e2e-server.mjs')], {
        env: {
          ...process.env,
          BRAND: brand.id,
          WEB_DIST: join(dir, 'dist'),
          PORT: String(port),
          MQTT_PORT: String(await freePort()),
          DATA_DIR: join(dir, 'data'),
          DEMO: 'true',
          SIMULATOR: 'false',
          // what is checked here is the brand, not the charts: no 400 days of history to write
          DEMO_HISTORY: 'false',
          LOG_LEVEL: 'warn',
        },
        stdio: 'ignore',
      });
      await expect
        .poll(
          () =>
            fetch(`${origin}/photo_voltaic/health`).then(
              (r) => r.ok,
              () => false,
            ),
          { timeout: 180_000 },
        )
        .toBe(true);
    });

    test.afterAll(async () => {
      server?.kill('SIGTERM');
      if (server && server.exitCode === null) await new Promise((r) => server!.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    });

    test('title per language, logo, theme colour and favicon', async ({ page }) => {
      await page.goto(`${origin}/login`);
      await expect(page).toHaveTitle(brand.titleEn);
      // the favicon and the browser's theme colour come with index.html, before any script
      const favicon = await page.locator('link[rel="icon"]').getAttribute('href');
      expect(favicon).toBe(`/brands/${brand.id}/favicon.svg`);
      const icon = await page.request.get(`${origin}${favicon}`);
      expect(icon.headers()['content-type']).toContain('image/svg+xml');
      expect(await icon.text()).toContain(`data-brand="${brand.id}"`);
      await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', brand.color);
      // the logo on the login page, drawn
      const logo = page.getByTestId('login-logo');
      await expect(logo).toHaveAttribute('src', `/brands/${brand.id}/logo.svg`);
      await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      expect(await (await page.request.get(`${origin}/brands/${brand.id}/logo.svg`)).text()).toContain(
        `data-brand="${brand.id}"`,
      );

      // signed in: the theme colour is the brand's (navbar, primary buttons), the sidebar shows its logo
      await page.getByTestId('login-username').fill('admin');
      await page.getByTestId('login-password').fill('demo123456');
      await page.getByTestId('login-submit').click();
      await expect(page.getByTestId('sidebar')).toBeVisible();
      await expect(page.locator('.pv-navbar')).toHaveCSS('background-color', brand.rgb);
      await expect(page).toHaveTitle(/ - (Solarix Cloud|Helios Monitor)$/);

      // the policy names the brand's operator; Japanese has the brand's Japanese title
      await page.goto(`${origin}/policy`);
      await expect(page.getByTestId('policy-contact')).toContainText(brand.operator);
      await page.context().addCookies([{ name: 'language', value: 'ja', url: origin }]);
      await page.context().clearCookies({ name: 'Admin-Token' });
      await page.goto(`${origin}/login`);
      await expect(page).toHaveTitle(brand.titleJa);
    });
  });
