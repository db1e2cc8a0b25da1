import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newMemberPage } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { expectPage, openViewer } from '../support/viewer-helpers';

/**
 * Issue 34 item 3: a reload or a reopen of the viewer comes back to the page the reader was on
 * (kept on the device, and synced for members when the page is hidden or left), for fixed-layout
 * pages, a webtoon and a text book, at 375 and 1080 px.
 */
let store: StoreServer;
let browser: Browser;
const books = { manga: 0, webtoon: 0, text: 0 };

/** The first volume of a title, looked up by the title's name. */
async function firstVolume(name: string): Promise<number> {
  const response = await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(name)}`);
  const { titles } = (await response.json()) as { titles: { name: string; minVolBookId: number }[] };
  const title = titles.find((t) => t.name === name);
  assert.ok(title, `${name} is in the catalog`);
  return title.minVolBookId;
}

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  // Free first volumes: a right-to-left manga of 14 pages, a webtoon, a vertical text book.
  books.manga = await firstVolume('夜明けの図書館');
  books.webtoon = await firstVolume('異界ギルドの新人受付嬢');
  books.text = await firstVolume('転生したら図書委員だった件');
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-resume-${name}.png`) });

async function guestPage(width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  return context.newPage();
}

async function open(page: Page, bookId: number): Promise<void> {
  await openViewer(page, `${store.url}/viewer?cid=${bookId}`);
  await page.getByTestId('viewer-stage').waitFor();
}

/** Turns `n` pages forward with the key that goes forward in this stage. */
async function turn(page: Page, n: number, key: 'ArrowLeft' | 'ArrowDown'): Promise<void> {
  const from = Number(await page.getByTestId('viewer-stage').getAttribute('data-current-page'));
  for (let i = 1; i <= n; i++) {
    await page.keyboard.press(key);
    await expectPage(page, from + i);
  }
}

async function reloadViewer(page: Page): Promise<void> {
  await page.reload();
  await page.getByTestId('viewer-stage').waitFor();
}

/** The page the server holds for the member. */
async function syncedPage(page: Page, bookId: number): Promise<number | null> {
  const response = await page.request.get(`${store.url}/api/book/sync_page?book_id=${bookId}`);
  return ((await response.json()) as { page: number } | null)?.page ?? null;
}

for (const width of [375, 1080]) {
  describe(`the viewer comes back to the page at ${width} px`, () => {
    it('a guest reading a free manga on page 5 reloads and is on page 5, and reopens there', async () => {
      const page = await guestPage(width);
      await open(page, books.manga);
      await expectPage(page, 0);
      await turn(page, 4, 'ArrowLeft');
      await reloadViewer(page);
      await expectPage(page, 4);
      await shot(page, `guest-manga-${width}`);
      const again = await page.context().newPage();
      await page.close({ runBeforeUnload: true });
      await open(again, books.manga);
      await expectPage(again, 4);
      await again.context().close();
    });

    it('a guest comes back to the same segment of a webtoon and the same page of a text book', async () => {
      const page = await guestPage(width);
      await open(page, books.webtoon);
      await expectPage(page, 0);
      await turn(page, 3, 'ArrowDown');
      await reloadViewer(page);
      await expectPage(page, 3);
      await shot(page, `guest-webtoon-${width}`);

      await open(page, books.text);
      await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
      await turn(page, 3, 'ArrowLeft');
      await reloadViewer(page);
      await expectPage(page, 3);
      await shot(page, `guest-text-${width}`);
      await page.context().close();
    });

    it('a member on page 14 of an owned book reloads and is on page 14, and reopens there later', async () => {
      const { context, page } = await newMemberPage(browser, store, { label: `resume-${width}`, nickname: '続き読者', width });
      // A free book a member opens is bought for them (§4), so the book is the member's own.
      await open(page, books.manga);
      await expectPage(page, 0);
      await turn(page, 13, 'ArrowLeft');
      await reloadViewer(page);
      await expectPage(page, 13);
      await shot(page, `member-reloaded-${width}`);

      // Closed, then opened again in a new tab: still page 14, on this device and on the server.
      await page.close({ runBeforeUnload: true });
      const reopened = await context.newPage();
      await open(reopened, books.manga);
      await expectPage(reopened, 13);
      for (let i = 0; i < 50 && (await syncedPage(reopened, books.manga)) !== 13; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(await syncedPage(reopened, books.manga), 13, 'the server holds page 14 too');
      await context.close();
    });
  });
}
