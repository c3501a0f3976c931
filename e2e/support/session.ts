import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { currentServer } from './servers';

export const DEMO_PASSWORD = 'demo123456';

/** Signs in through the real login form and waits to leave /login. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, path = '/login') {
  await page.goto(path);
  await page.getByTestId('login-username').fill(username);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await expect(page).not.toHaveURL(/\/login/);
  // signed in once the console has its menus (user info fetched)
  await expect(page.getByTestId('sidebar')).toBeVisible();
}

/** The session token the console keeps in its cookie. */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'Admin-Token');
  if (!cookie) throw new Error('no Admin-Token cookie');
  return cookie.value;
}

/** Signs in through the API (no browser) and answers the token. */
export async function apiToken(request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const res = await request.post('/photo_voltaic/login', { data: { username, password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

/** The sidebar's links (hrefs) the signed-in user is offered. */
export async function sidebarHrefs(page: Page): Promise<string[]> {
  const sidebar = page.getByTestId('sidebar');
  await expect(sidebar).toBeVisible();
  return sidebar.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
}

/**
 * Signs in through the API and hands the console the session the way the login page leaves it
 * (the Admin-Token cookie), so a test that is about another screen opens it directly instead of
 * going through the login form and the home page first. Answers the token.
 */
export async function signInByApi(page: Page, request: APIRequestContext, username: string, password = DEMO_PASSWORD) {
  const token = await apiToken(request, username, password);
  await page.context().addCookies([{ name: 'Admin-Token', value: token, url: currentServer().url }]);
  return token;
}
