import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { openViewer, showUi } from '../support/viewer-helpers';

/**
 * Issue 42, for a reader who does not use a mouse or a screen: the accessibility statement
 * (アクセシビリティ) found from the footer and read in the server's HTML; the viewer saying the
 * page on every turn (a live region, menus hidden or not); and, at 375 px with the system's
 * "reduce motion" on, the viewer's menus that appear without sliding (at 1080 px without it they
 * slide, so the rule is what stops them).
 *
 * A guest reads the sample of the free page's first title.
 */
let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `reduced-motion-${name}.png`), fullPage: true });

for (const { width, reduce } of [
  { width: 375, reduce: true },
  { width: 1080, reduce: false },
]) {
  describe(`at ${width} px${reduce ? ', reduce motion on' : ''}`, () => {
    it('the footer leads to the accessibility statement, which the server sends whole', async () => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        locale: 'ja-JP',
        reducedMotion: reduce ? 'reduce' : 'no-preference',
      });
      const page = await context.newPage();
      await page.goto(store.url + '/');
      await page.getByRole('contentinfo').getByRole('link', { name: 'アクセシビリティ' }).click();
      await page.waitForURL(/\/accessibility$/);
      await page.getByRole('heading', { level: 1, name: 'アクセシビリティ' }).waitFor();
      for (const heading of [
        '確かめていること',
        'キーボードでの操作',
        'スクリーンリーダー',
        '動きと見やすさ',
        'まだ対応できていないこと',
      ]) {
        await page.getByRole('heading', { level: 2, name: heading }).waitFor();
      }
      await shot(page, `statement-${width}`);
      await expectNoSidewaysScroll(page);
      // Before any script: the HTML the server sends has the statement and its title.
      const html = await (await page.request.get(store.url + '/accessibility')).text();
      assert.match(html, /<title>[^<]*アクセシビリティ/);
      assert.match(html, /<h2[^>]*>キーボードでの操作<\/h2>/);
      assert.match(html, /スペースキーとPage Downキーで次のページ/);
      await context.close();
    });

    it(`the viewer says the page on each turn${reduce ? ' and its menus appear without sliding' : ', and its menus slide'}`, async () => {
      const context = await browser.newContext({
        viewport: { width, height: 800 },
        locale: 'ja-JP',
        reducedMotion: reduce ? 'reduce' : 'no-preference',
      });
      const page = await context.newPage();
      // As a guest finds a book to read: the free page's first title, then its 試し読み.
      await page.goto(store.url + '/free');
      await page.locator('main article').first().getByRole('link').first().click();
      await page.waitForURL(/\/series_list\//);
      const read = page.getByRole('link', { name: '試し読み' }).first();
      const href = await read.getAttribute('href');
      assert.match(href ?? '', /^\/viewer\?cid=\d+/, 'the series page links its sample to the viewer');
      await openViewer(page, store.url + href);
      await page.getByTestId('viewer-stage').locator('img').first().waitFor();
      const announcer = page.getByTestId('page-announcer');
      assert.equal(await announcer.getAttribute('role'), 'status');
      await page.waitForFunction(() =>
        /^全\d+ページ中 1(〜2)?ページ目$/.test(document.querySelector('[data-testid=page-announcer]')?.textContent ?? ''),
      );
      const first = (await announcer.textContent()) ?? '';
      await page.keyboard.press('Space');
      // Menus hidden, the turn is still said: the next page (or spread) after the first.
      await page.waitForFunction((before) => {
        const text = document.querySelector('[data-testid=page-announcer]')?.textContent ?? '';
        return /^全\d+ページ中 \d+(〜\d+)?ページ目$/.test(text) && text !== before;
      }, first);
      assert.doesNotMatch((await announcer.textContent()) ?? '', /中 1ページ目$/);

      await showUi(page);
      const seconds = await page.locator('header[aria-hidden=false]').evaluate((header) =>
        getComputedStyle(header)
          .transitionDuration.split(',')
          .map((d) => Number.parseFloat(d)),
      );
      if (reduce)
        assert.ok(
          seconds.every((s) => s < 0.001),
          `the menus do not slide under reduced motion: ${seconds.join(', ')}s`,
        );
      else
        assert.ok(
          seconds.some((s) => s >= 0.1),
          `the menus slide otherwise: ${seconds.join(', ')}s`,
        );
      // The picture once the page on screen has drawn.
      await page.waitForFunction(() =>
        Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=viewer-stage] img'))
          .filter((img) => {
            const box = img.getBoundingClientRect();
            return box.width > 0 && box.right > 0 && box.left < innerWidth;
          })
          .every((img) => img.complete && img.naturalWidth > 0),
      );
      await shot(page, `viewer-${width}`);
      await context.close();
    });
  });
}
