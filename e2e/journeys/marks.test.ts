import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 40 item 6, new and rank marks: the top page's 新着 tiles mark a volume released in the
 * last seven days 新刊 (in the HTML the server sends, before any script); the daily ranking's
 * first title's volume page says デイリーランキング1位 and links the ranking.
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

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `marks-${name}.png`) });

describe('new and rank marks', () => {
  it('marks the newest volume of the top page 新刊 in the HTML the server sends', async () => {
    const html = await (await fetch(`${store.url}/`)).text();
    const newest = html.slice(html.indexOf('id="new-arrivals"'));
    assert.ok(html.includes('id="new-arrivals"'), 'the top page has its 新着 section');
    // The demo's magazines come out weekly: the newest released volume is at most six days old.
    const firstTile = newest.slice(0, newest.indexOf('</article>'));
    assert.match(firstTile, />新刊</, 'the first 新着 tile carries 新刊');
  });

  for (const width of [375, 1080]) {
    it(`shows 新刊 on the newest tiles and the daily rank on the first title's volume page at ${width} px`, async () => {
      const context = await browser.newContext({ baseURL: store.url, viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      try {
        await page.goto('/');
        const newest = page.locator('section[aria-labelledby="new-arrivals"] article').first();
        await newest.scrollIntoViewIfNeeded();
        await newest.getByText('新刊', { exact: true }).waitFor();
        await shot(page, `top-new-${width}`);

        // The first of the daily ranking, as the ranking page shows it.
        await page.goto('/ranking/daily/1');
        await page.getByRole('heading', { level: 1, name: /デイリーランキング/ }).waitFor();
        const first = page.locator('main article').first();
        const name = ((await first.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
        assert.ok(name.length > 0, 'the ranking has a first title');
        await first.getByRole('link').first().click();
        await page.waitForURL(/\/series_list\/series_id=\d+/);

        // One of its volumes (the first in the list): its page names the title's daily rank.
        await page.locator('section[aria-labelledby="volumes"] article').first().getByRole('link').first().click();
        await page.waitForURL(/book_id=\d+/);
        const rank = page.getByRole('link', { name: 'デイリーランキング1位' });
        await rank.waitFor();
        await rank.scrollIntoViewIfNeeded();
        await shot(page, `volume-rank-${width}`);
        await expectNoSidewaysScroll(page);
        await rank.click();
        await page.waitForURL(/\/ranking\/daily\/1$/);
        await page.locator('main article').first().getByRole('heading', { level: 3, name }).waitFor();
      } finally {
        await context.close();
      }
    });
  }
});
