import type { Page } from '@playwright/test';

/**
 * The plant page's revenue card and its devices, faults and authorised users' tabs load when
 * scrolled near (they sit below the first screen): scrolls to one, as a user reaching it does.
 */
export async function scrollToPlantPart(page: Page, part: 'revenue' | 'tables'): Promise<void> {
  await page.getByTestId(`plant-part-${part}`).scrollIntoViewIfNeeded();
}
