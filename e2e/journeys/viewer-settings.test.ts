import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage, openViewer, showUi } from '../support/viewer-helpers';

/**
 * Issue 34 item 16: 見開き表示 on while one page shows says why (the window is not wide enough,
 * or taller than wide), and browser back inside the viewer closes 設定 before it leaves the book,
 * with no history entry left behind by a popup closed another way.
 */
let store: StoreServer;
let browser: Browser;
let bookId = 0;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const name = '夜明けの図書館';
  const response = await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(name)}`);
  const title = ((await response.json()) as { titles: { name: string; minVolBookId: number }[] }).titles.find((t) => t.name === name);
  assert.ok(title);
  bookId = title.minVolBookId;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-settings-${name}.png`) });

async function openSettings(page: Page) {
  await showUi(page);
  await page.getByRole('button', { name: '設定' }).click();
  const dialog = page.getByRole('dialog', { name: '設定' });
  await dialog.getByRole('group', { name: '見開き表示' }).waitFor();
  return dialog;
}

for (const viewport of [
  { width: 1080, height: 900 },
  { width: 375, height: 740 },
]) {
  describe(`設定 in the book viewer at ${viewport.width}×${viewport.height}`, () => {
    it('says why 見開き表示 shows one page, and browser back closes 設定 before leaving the book', async () => {
      const context = await browser.newContext({ viewport, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/free`);
      await openViewer(page, `${store.url}/viewer?cid=${bookId}`);
      await expectPage(page, 0);
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, 1);
      assert.equal(await page.getByTestId('viewer-stage').getAttribute('data-visible-pages'), '1', 'one page on screen');

      const settings = await openSettings(page);
      const spread = settings.getByRole('group', { name: '見開き表示' });
      await spread.getByRole('button', { name: 'オン' }).click();
      assert.equal(await spread.getByRole('button', { name: 'オン' }).getAttribute('aria-pressed'), 'true');
      await spread
        .getByText('ウィンドウの幅が足りないため、1ページずつ表示しています。見開きは幅の広い横長の画面で表示されます。')
        .waitFor();
      await shot(page, `spread-note-${viewport.width}`);

      // Back closes 設定 and stays on the page; Escape closes it leaving no entry behind.
      await page.goBack();
      await settings.waitFor({ state: 'detached' });
      assert.equal(new URL(page.url()).pathname, '/viewer');
      await expectPage(page, 1);
      await openSettings(page);
      await page.keyboard.press('Escape');
      await settings.waitFor({ state: 'detached' });
      await expectPage(page, 1);
      await page.waitForURL((url) => url.hash !== '#viewer-popup');
      await page.goBack();
      await page.waitForURL((url) => url.pathname === '/free');
      await context.close();
    });
  });
}
