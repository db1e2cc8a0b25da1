import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectNoSidewaysScroll, scrollThrough } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 34 item 6: phone pages scrolled sideways into blank space (at 375 px the document was
 * 1,270 px wide on `/` and 724 px on `/free`: visually hidden text inside the sideways-scrolling
 * tile rows was not clipped by them). A guest visits the main public pages at 320, 375 and
 * 768 px, scrolled through so that the sections loaded on approach are there too, and no page is
 * wider than the window.
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

for (const width of [320, 375, 768]) {
  describe(`public pages at ${width} px`, () => {
    it('none scrolls sideways: top, free, ranking, a series page, serials, search, login', async () => {
      const context = await browser.newContext({ viewport: { width, height: 800 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(store.url);
      await page.getByRole('heading', { name: 'デイリーランキング' }).waitFor();
      // A series page as a guest finds one: the first tile of the top page's ranking.
      const seriesHref = await page.locator('a[href^="/series_list/series_id="]').first().getAttribute('href');
      const pages = [
        '/',
        '/free',
        '/ranking/daily/1',
        seriesHref!,
        '/serial',
        `/search?word=${encodeURIComponent('図書館')}`,
        '/login',
        '/signup',
      ];
      for (const url of pages) {
        await page.goto(store.url + url);
        await page.waitForLoadState('networkidle');
        await scrollThrough(page);
        if (url === '/' || url === '/free')
          await page.screenshot({ path: path.join(screenshotDir, `layout-width${url === '/' ? '-top' : '-free'}-${width}.png`) });
        await expectNoSidewaysScroll(page, `${url} at ${width} px`);
      }
      await context.close();
    });
  });
}
