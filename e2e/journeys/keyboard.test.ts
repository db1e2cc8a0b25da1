import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage } from '../support/viewer-helpers';
import { findVolume } from '../support/fixtures';

/**
 * Issue 42, keyboard: at 1080 px a member buys a volume (the purchase dialog and its steps) and
 * reads it with the keyboard alone (Tab, Shift+Tab, Enter, Space, Escape, arrows; no clicks).
 * Each element Tab reaches shows its focus; the dialog keeps focus inside, Escape closes it and
 * focus goes back to the button that opened it; the viewer turns pages by keys and lets focus go.
 *
 * 夜明けの図書館 (found by name): volume 3 is sold.
 */
let TITLE_ID = 0;
let PAID_VOL3 = 0;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const vol3 = await findVolume(store, '夜明けの図書館', 3);
  [TITLE_ID, PAID_VOL3] = [vol3.titleId, vol3.id];
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

/** What has focus, as `tag "text"`, and whether it shows a focus ring (an outline or a shadow). */
function focusState(page: Page): Promise<{ name: string; visible: boolean; inDialog: boolean }> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: 'body', visible: true, inDialog: false };
    const style = getComputedStyle(el);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    const shadow = style.boxShadow !== 'none';
    const name = `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`;
    return { name, visible: outline || shadow, inDialog: el.closest('[role=dialog]') !== null };
  });
}

/** Presses Tab until `target` has focus (at most `max` times); every element passed shows its focus. */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press('Tab');
    const state = await focusState(page);
    assert.ok(state.visible, `${state.name} has focus but shows no focus ring`);
    if (await isFocused(target)) return;
  }
  throw new Error(`Tab did not reach ${target} in ${max} presses`);
}

describe('keyboard only at 1080 px', () => {
  it('a member buys a volume through the purchase dialog and reads it without a pointer', async () => {
    const { context, page, email } = await newMemberPage(browser, store, { label: 'keyboard', nickname: '鍵盤', width: 1080 });
    await grantMangaCoins(store, email, 3000);
    await page.goto(`/series_list/series_id=${TITLE_ID}?book_id=${PAID_VOL3}`);
    const buyBox = page.getByTestId('buy-box');
    const buy = buyBox.getByRole('button', { name: '購入する' });
    await buy.waitFor();

    // Tab reaches 購入する; Enter opens the dialog with focus inside it.
    await tabTo(page, buy);
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: '購入する' });
    await dialog.getByRole('button', { name: '次へ' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.closest('[role=dialog]') != null);

    // Focus stays in the dialog both ways round.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const state = await focusState(page);
      assert.ok(state.inDialog, `${key} left the dialog for ${state.name}`);
      assert.ok(state.visible, `${state.name} in the dialog shows no focus ring`);
    }
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-dialog-1080.png') });

    // Escape closes it and gives focus back to 購入する.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => location.hash !== '#buy');
    await page.waitForFunction(() => document.activeElement?.textContent?.trim() === '購入する');
    assert.ok(await isFocused(buy), 'focus is back on 購入する');

    // Again, through the steps: Space opens, 次へ by Enter, the payment by Space.
    await page.keyboard.press('Space');
    await dialog.getByRole('button', { name: '次へ' }).waitFor();
    await tabTo(page, dialog.getByRole('button', { name: '次へ' }), 20);
    await page.keyboard.press('Enter');
    const pay = dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ });
    await pay.waitFor();
    if (!(await isFocused(pay))) await tabTo(page, pay, 20);
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-confirm-1080.png') });
    await page.keyboard.press('Space');
    const read = buyBox.getByRole('link', { name: '読む' });
    await read.waitFor();
    await page.waitForFunction(() => location.hash !== '#buy');

    // 読む by Enter opens the viewer; the arrows turn pages, and Tab still moves focus on.
    await tabTo(page, read);
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/viewer\\?cid=${PAID_VOL3}`));
    await page.getByTestId('viewer-stage').locator('img').first().waitFor();
    await expectPage(page, 0);
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 1);
    const seen = new Set<string>();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      const state = await focusState(page);
      assert.ok(state.visible, `${state.name} in the viewer shows no focus ring`);
      seen.add(state.name);
    }
    assert.ok(seen.size > 1, `Tab in the viewer keeps focus on ${[...seen].join(', ')}`);
    await page.screenshot({ path: path.join(screenshotDir, 'keyboard-viewer-1080.png') });
    await context.close();
  });
});
