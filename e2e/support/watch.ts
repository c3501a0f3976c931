import type { Page } from '@playwright/test';

/**
 * Collects what a user should never meet while walking the console: an API answer of 4xx or 5xx,
 * an error in the browser's console, an uncaught page error. Each is named with the step it came
 * from (set by `at`), so a failure says which page asked for what.
 */
export function watchProblems(page: Page) {
  const problems: string[] = [];
  let step = 'start';
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (url.pathname.startsWith('/photo_voltaic/') && res.status() >= 400)
      problems.push(`${step}: ${res.status()} ${res.request().method()} ${url.pathname}${url.search}`);
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`${step}: console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`${step}: page error: ${err.message}`));
  return {
    problems,
    /** Names the step that follows. */
    at: (name: string) => {
      step = name;
    },
  };
}
