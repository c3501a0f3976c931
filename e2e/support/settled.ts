import { expect, type Page, type Request } from '@playwright/test';

// Waits for the event that shows a page is done, instead of "a moment": its requests answered and
// nothing new asked, its animations over.

/** Two rendered frames of the page: what an answer set off (a render, the effects after it) has run. */
const twoFrames = (page: Page) =>
  page.evaluate(() => new Promise<void>((r) => requestAnimationFrame(() => requestAnimationFrame(() => r()))));

/**
 * Follows the page's requests (the event stream, which stays open, aside). `quiet` resolves once
 * none is in flight and none has started over two rendered frames: the answers are in, and what
 * they led to (the next queries, a detail's request) has been asked and answered too.
 */
export function watchRequests(page: Page) {
  const inFlight = new Set<Request>();
  let started = 0;
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/photo_voltaic/events') return;
    inFlight.add(r);
    started++;
  });
  const done = (r: Request) => void inFlight.delete(r);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    async quiet(timeout = 15_000) {
      await expect
        .poll(
          async () => {
            if (inFlight.size) return false;
            const before = started;
            await twoFrames(page);
            return inFlight.size === 0 && started === before;
          },
          { timeout, intervals: [50] },
        )
        .toBe(true);
    },
  };
}

/** Resolves once no animation with an end (antd's fades and slides; not a spinner's) is running. */
export async function animationsDone(page: Page, timeout = 10_000) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            document
              .getAnimations()
              .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity).length,
        ),
      { timeout, intervals: [50] },
    )
    .toBe(0);
}
