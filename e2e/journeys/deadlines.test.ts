import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 34 item 10: a free period ending 12/09 00:00 (Tokyo) read "無料公開中 12/9まで", which a
 * customer takes as free through 12/9; it ends as 12/9 begins. まで names the last day included
 * (12/8まで), or the time when the end is not at midnight (§9 M/d end date).
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

const tokyo = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Asia/Tokyo',
  month: 'numeric',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const parts = (ms: number) => Object.fromEntries(tokyo.formatToParts(ms).map((p) => [p.type, p.value]));
const monthDay = (ms: number) => `${Number(parts(ms).month)}/${Number(parts(ms).day)}`;
const atMidnight = (ms: number) => parts(ms).hour === '00' && parts(ms).minute === '00';

type Tile = { titleId: number; limitedFree: boolean; endDatetime: number | null };

for (const width of [375, 1080]) {
  describe(`a limited free period at ${width} px`, () => {
    it('ending at Tokyo midnight reads as the day before: 無料公開中 M/dまで', async () => {
      // What the store lists as free for a limited time, ending soonest: the way a guest finds them on /free.
      const { books } = (await (await fetch(`${store.url}/api/free_books/closely/by_page_type/all?limit=100`)).json()) as { books: Tile[] };
      const ends = new Map<number, number>();
      for (const b of books)
        if (b.limitedFree && b.endDatetime) ends.set(b.titleId, Math.min(ends.get(b.titleId) ?? Infinity, b.endDatetime));
      const found = [...ends].find(([, end]) => atMidnight(end));
      assert.ok(found, 'the demo has a free period ending at Tokyo midnight');
      const [titleId, end] = found;
      const lastDay = monthDay(end - 60_000);
      assert.notEqual(lastDay, monthDay(end));

      const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
      const page = await context.newPage();
      await page.goto(`${store.url}/series_list/series_id=${titleId}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.getByText(`無料公開中 ${lastDay}まで`, { exact: true }).waitFor();
      assert.equal(
        await page.getByText(`${monthDay(end)}まで`, { exact: false }).count(),
        0,
        `no label names ${monthDay(end)}, the day the period has already ended`,
      );
      await page.screenshot({ path: path.join(screenshotDir, `deadline-series-${width}.png`) });
      await expectNoSidewaysScroll(page);
      await context.close();
    });
  });
}
