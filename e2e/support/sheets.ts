import type { Locator, Page } from 'playwright-core';

/**
 * Closes a book's purchase sheet with Escape and waits until it has taken its history entry back
 * off (useBackCloses calls history.back() after the sheet unmounts). A navigation started before
 * that entry is gone is aborted by the back move (net::ERR_ABORTED), which a person never meets
 * because they do not type an address within a frame of pressing Escape.
 */
export async function closeSheetWithEscape(page: Page, sheet: Locator): Promise<void> {
  await page.keyboard.press('Escape');
  await sheet.waitFor({ state: 'detached' });
  await page.waitForFunction(() => window.location.hash !== '#buy');
}
