import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { closePopup, currentPage, expectPage, buyBook, imagePages, openViewer, showUi, signUpMember, tap } from '../support/viewer-helpers';
import { findVolume } from '../support/fixtures';

/** Books of the demo catalog, found by their titles' names. */
let FREE_RTL_MANGA = 0; // 夜明けの図書館（1）: free, right-to-left, 14 pages
let PAID_RTL_MANGA = 0; // the same series' vol. 3: 14 pages, sample 4
let FREE_WEBTOON = 0; // 異界ギルドの新人受付嬢（1）: 7 strip segments
let FREE_TEXT_BOOK = 0; // 転生したら図書委員だった件（1）: reflowable, vertical text
const MANGA_PAGES = 14;

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  FREE_RTL_MANGA = (await findVolume(store, '夜明けの図書館', 1)).id;
  PAID_RTL_MANGA = (await findVolume(store, '夜明けの図書館', 3)).id;
  FREE_WEBTOON = (await findVolume(store, '異界ギルドの新人受付嬢', 1)).id;
  FREE_TEXT_BOOK = (await findVolume(store, '転生したら図書委員だった件', 1)).id;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

const portrait = { width: 375, height: 740 };
const landscape = { width: 1280, height: 800 };

async function open(context: BrowserContext, bookId: number, query = ''): Promise<Page> {
  const page = await context.newPage();
  await openViewer(page, `${store.url}/viewer?cid=${bookId}${query}`);
  await page.getByTestId('viewer-stage').waitFor();
  return page;
}

const newContext = (viewport = portrait) => browser.newContext({ viewport, locale: 'ja-JP' });
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `viewer-${name}.png`) });

describe('reading a right-to-left manga', () => {
  it('goes from cover to last page with keys, taps and the mirrored slider at 375 px', async () => {
    const page = await open(await newContext(), FREE_RTL_MANGA);
    await expectPage(page, 0);
    assert.deepEqual(await imagePages(page), [0]);
    await shot(page, 'manga-375');

    // ← is 'next' in a right-to-left book, → goes back.
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 1);
    await page.keyboard.press('ArrowRight');
    await expectPage(page, 0);

    // The left third turns forward, the right third back.
    await tap(page, 'left');
    await expectPage(page, 1);
    await tap(page, 'left');
    await expectPage(page, 2);
    await tap(page, 'right');
    await expectPage(page, 1);

    // The slider's left end is the last page.
    await showUi(page);
    const slider = page.getByTestId('page-slider');
    await slider.focus();
    await page.keyboard.press('Home');
    await expectPage(page, MANGA_PAGES - 1);
    await page.keyboard.press('ArrowRight');
    await expectPage(page, MANGA_PAGES - 2);
    await page.keyboard.press('End');
    await expectPage(page, 0);
    await slider.blur();

    // Every page in order, read back from the stage and from the image URLs.
    const seen = [await currentPage(page)];
    for (let i = 1; i < MANGA_PAGES; i++) {
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, i);
      seen.push(await currentPage(page));
      assert.deepEqual(await imagePages(page), [i]);
    }
    assert.deepEqual(
      seen,
      Array.from({ length: MANGA_PAGES }, (_, i) => i),
    );

    // Past the back cover: the loading modal, then the last page.
    await page.keyboard.press('ArrowLeft');
    await page.getByTestId('viewer-loading').waitFor();
    await page.getByTestId('last-page').waitFor();
    await page.getByText('読み終わりました').waitFor();
    await page.getByRole('link', { name: '本を閉じる' }).waitFor();
    await page.getByText('ほかの作品をさがす').first().waitFor();
    await shot(page, 'last-page-375');
  });

  it('pairs pages into right-to-left spreads at 1280 px', async () => {
    const page = await open(await newContext(landscape), FREE_RTL_MANGA);
    await expectPage(page, 0);
    assert.deepEqual(await imagePages(page), [0], 'the cover stands alone');
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 1);
    assert.equal(await page.getByTestId('viewer-stage').getAttribute('data-visible-pages'), '1,2');
    const [first, second] = await page.locator('[data-testid=viewer-stage] img').all();
    const firstBox = (await first!.boundingBox())!;
    const secondBox = (await second!.boundingBox())!;
    assert.ok(firstBox.x > secondBox.x, 'the first page of a right-to-left spread is on the right');
    await showUi(page);
    assert.equal(await page.getByTestId('page-indicator').textContent(), `2-3 / ${MANGA_PAGES}`, 'a spread shows both its pages');
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 3);
    await shot(page, 'spread-1280');

    // A slider jump leaves a page to go back to; the back button is inactive without one.
    await showUi(page);
    assert.equal(await page.getByRole('button', { name: '戻る' }).isDisabled(), true);
    await page.getByTestId('page-slider').focus();
    await page.keyboard.press('Home');
    await expectPage(page, MANGA_PAGES - 1);
    await showUi(page);
    await page.getByRole('button', { name: '戻る' }).click();
    await expectPage(page, 3);

    // Popups are centred dialogs on wide screens; Escape closes them.
    await showUi(page);
    await page.getByRole('button', { name: '設定' }).click();
    await page.getByRole('dialog', { name: '設定' }).waitFor();
    await page.getByRole('group', { name: '見開き表示' }).waitFor();
    await shot(page, 'settings-1280');
    await closePopup(page);
  });

  it('switches to タテ読み, scrolls by wheel, and keeps the choice on this device', async () => {
    const context = await newContext();
    const page = await open(context, FREE_RTL_MANGA);
    await showUi(page);
    await page.getByTestId('direction-toggle').click();
    await page.locator('[data-mode=vertical]').waitFor();
    await showUi(page);
    assert.equal(await page.getByTestId('direction-indicator').textContent(), 'タテ読み');
    await page.mouse.move(187, 370);
    for (let i = 0; i < 6; i++) await page.mouse.wheel(0, 500);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=viewer-stage]')?.getAttribute('data-current-page')) >= 2);
    await shot(page, 'vertical-375');
    const again = await open(context, FREE_RTL_MANGA);
    await again.locator('[data-mode=vertical]').waitFor();
  });
});

describe('a guest and a sample', () => {
  it('reads only the sample pages, then the sample-end page links to the volume page', async () => {
    const page = await open(await newContext(), PAID_RTL_MANGA);
    await expectPage(page, 0);
    const total = Number(await page.locator('[data-total]').getAttribute('data-total'));
    assert.ok(total >= 3 && total <= 5, `sample of ${total} pages`);
    for (let i = 1; i < total; i++) {
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, i);
    }
    await page.keyboard.press('ArrowLeft');
    await page.getByText('試し読みはここまでです').waitFor();
    const buy = page.getByRole('link', { name: 'この巻を購入する' });
    assert.match((await buy.getAttribute('href')) ?? '', new RegExp(`^/series_list/series_id=\\d+\\?book_id=${PAID_RTL_MANGA}$`));
    await shot(page, 'sample-end-375');
  });

  it('shows the failure screen with reload and close for a book that cannot be fetched', async () => {
    const page = await (await newContext()).newPage();
    await page.goto(`${store.url}/viewer?cid=99999999`);
    await page.getByText('作品情報の取得ができませんでした').waitFor();
    await page.getByRole('button', { name: '再読み込み' }).waitFor();
    await page.getByRole('link', { name: 'ビューアを閉じる' }).waitFor();
  });
});

describe('a webtoon', () => {
  it('scrolls continuously with boxes that keep their size before images load', async () => {
    const page = await open(await newContext(), FREE_WEBTOON);
    await page.locator('[data-kind=webtoon]').waitFor();
    const heights = await page
      .locator('[data-page]')
      .evaluateAll((boxes) => boxes.map((b) => Math.round(b.getBoundingClientRect().height)));
    assert.ok(heights.length >= 6 && heights.every((h) => h > 900), `reserved heights ${heights}`);
    await page.mouse.move(187, 370);
    for (let i = 0; i < 8; i++) await page.mouse.wheel(0, 600);
    await page.waitForFunction(() => Number(document.querySelector('[data-testid=viewer-stage]')?.getAttribute('data-current-page')) >= 2);
    assert.equal(await page.getByRole('button', { name: '目次' }).count(), 0, 'no table of contents for webtoons');
    await shot(page, 'webtoon-375');
  });
});

describe('a vertical text book', () => {
  it('keeps the reader on the same paragraph when the font size changes', async () => {
    const page = await open(await newContext(), FREE_TEXT_BOOK);
    await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expectPage(page, 4);
    const anchor = Number(await page.getByTestId('viewer-stage').getAttribute('data-anchor'));
    const totalBefore = Number(await page.locator('[data-kind=text]').getAttribute('data-total'));
    await shot(page, 'text-medium-375');

    await showUi(page);
    await page.getByRole('button', { name: '設定' }).click();
    await page.getByRole('button', { name: '大', exact: true }).click();
    await closePopup(page);
    await page.waitForFunction(
      (before) => Number(document.querySelector('[data-kind=text]')?.getAttribute('data-total')) > before,
      totalBefore,
    );
    const visible = await page.evaluate((n) => {
      const flow = document.querySelector('[data-testid=viewer-stage] [lang=ja]')!;
      const block = flow.querySelectorAll('h2, p')[n]!;
      const a = flow.getBoundingClientRect();
      return Array.from(block.getClientRects()).some((r) => r.bottom > a.top && r.top < a.bottom && r.width > 0);
    }, anchor);
    assert.ok(visible, `paragraph ${anchor} is still on screen`);
    assert.ok((await currentPage(page)) > 4, 'larger type: the same place is further in');
    await shot(page, 'text-large-375');
  });
});

for (const viewport of [portrait, { width: 1080, height: 800 }]) {
  describe(`目次 of a vertical text book at ${viewport.width} px`, () => {
    it('lists the chapters and jumps to the page where chapter 2 starts, also after a font change', async () => {
      const page = await open(await newContext(viewport), FREE_TEXT_BOOK);
      await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
      const chapters = await page.locator('[data-testid=viewer-stage] section > h2').allTextContents();
      assert.ok(chapters.length >= 2, `${chapters.length} chapters`);

      await showUi(page);
      await page.getByRole('button', { name: '目次' }).click();
      const toc = page.getByRole('dialog', { name: '目次' });
      await toc.getByTestId('toc-list').waitFor();
      assert.deepEqual(await toc.getByTestId('toc-list').getByRole('button').allTextContents(), chapters);
      await shot(page, `toc-${viewport.width}`);
      await toc.getByRole('button', { name: chapters[1], exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const medium = await expectChapterOnScreen(page, 1);
      assert.ok(medium > 0, 'chapter 2 starts after the first page');
      await shot(page, `toc-chapter2-${viewport.width}`);

      // Larger type: the chapter moves further in, and 目次 follows the new pagination.
      await showUi(page);
      await page.getByRole('button', { name: '設定' }).click();
      await page.getByRole('button', { name: '大', exact: true }).click();
      await closePopup(page);
      await showUi(page);
      await page.getByRole('button', { name: '目次' }).click();
      await page.getByRole('dialog', { name: '目次' }).getByRole('button', { name: chapters[0], exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await expectPage(page, 0);
      await showUi(page);
      await page.getByRole('button', { name: '目次' }).click();
      await page.getByRole('dialog', { name: '目次' }).getByRole('button', { name: chapters[1], exact: true }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      const large = await expectChapterOnScreen(page, 1);
      assert.ok(large > medium, `chapter 2 starts on page ${large + 1} in large type, ${medium + 1} in medium`);
    });
  });
}

/**
 * Waits until the heading of chapter `n` (0-based) is on screen, checks that the page indicator
 * shows the stage's page, and answers that page.
 */
async function expectChapterOnScreen(page: Page, n: number): Promise<number> {
  await page.waitForFunction((i) => {
    const flow = document.querySelector('[data-testid=viewer-stage] [lang=ja]');
    const heading = flow?.querySelectorAll('section > h2')[i];
    if (!flow || !heading) return false;
    const a = flow.getBoundingClientRect();
    return Array.from(heading.getClientRects()).some((r) => r.bottom > a.top && r.top < a.bottom && r.width > 0);
  }, n);
  const current = await currentPage(page);
  const total = Number(await page.locator('[data-kind=text]').getAttribute('data-total'));
  await showUi(page);
  assert.equal(await page.getByTestId('page-indicator').textContent(), `${current + 1} / ${total}`);
  return current;
}

describe('a guest on a phone', () => {
  it('has 見開き表示 off by default, and is told why しおりを追加 needs a login before going there', async () => {
    const context = await newContext();
    const page = await open(context, FREE_RTL_MANGA);
    await expectPage(page, 0);
    await showUi(page);
    await page.getByRole('button', { name: '設定' }).click();
    const spread = page.getByRole('group', { name: '見開き表示' });
    await spread.waitFor();
    assert.equal(await spread.getByRole('button', { name: 'オフ' }).getAttribute('aria-pressed'), 'true');
    await shot(page, 'guest-settings-375');
    await closePopup(page);
    await showUi(page);
    await page.getByRole('button', { name: 'しおりを追加' }).click();
    const note = page.getByRole('dialog', { name: 'しおりを追加' });
    await note.getByText(/ログインすると保存でき/).waitFor();
    assert.equal(new URL(page.url()).pathname, '/viewer', 'still in the book');
    await shot(page, 'guest-bookmark-375');
    assert.match((await note.getByRole('link', { name: 'ログインする' }).getAttribute('href')) ?? '', /^\/login\?callback=/);
    await note.getByRole('button', { name: '読み続ける' }).click();
    await note.waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a member', () => {
  it('adds and lists bookmarks', async () => {
    const context = await newContext();
    const page = await context.newPage();
    await signUpMember(page, store, 'bookmarks');
    // A free book a member opens is bought for them and the page reloads into it (§4).
    await openViewer(page, `${store.url}/viewer?cid=${FREE_RTL_MANGA}`);
    await expectPage(page, 0);
    await showUi(page);
    await page.getByRole('button', { name: 'しおり一覧' }).click();
    await page.getByText('しおりがありません。').waitFor();
    await closePopup(page);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
    await expectPage(page, 3);
    await showUi(page);
    await page.getByRole('button', { name: 'しおりを追加' }).click();
    await page.getByRole('button', { name: 'しおりを削除' }).waitFor();
    await page.getByRole('button', { name: 'しおり一覧' }).click();
    await page.getByRole('button', { name: '4ページ' }).waitFor();
    await shot(page, 'bookmarks-375');
    await page.getByRole('button', { name: '4ページ' }).click();
    const listed = await page.request.get(`${store.url}/api/bookmarks/me?book_id=${FREE_RTL_MANGA}`);
    assert.deepEqual(
      (await listed.json()).bookmarks.map((b: { page: number }) => b.page),
      [3],
    );

    // The my-list button (members only) toggles the title in the wish list.
    await showUi(page);
    await page.getByRole('button', { name: 'マイリストに追加' }).click();
    await page.getByRole('button', { name: 'マイリストから削除' }).waitFor();
  });

  it('resumes on a second browser at the page synced when leaving the first', async () => {
    const first = await newContext(landscape);
    const page = await first.newPage();
    const { email } = await signUpMember(page, store, 'resume');
    await buyBook(page, store, email, PAID_RTL_MANGA);
    await page.goto(`${store.url}/viewer?cid=${PAID_RTL_MANGA}`);
    await expectPage(page, 0);
    for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
    await expectPage(page, 7); // spreads: 0 | 1,2 | 3,4 | 5,6 | 7,8 — past the 4-page sample
    await page.close({ runBeforeUnload: true });
    await waitForSync(first, PAID_RTL_MANGA, 7);

    const second = await browser.newContext({ viewport: portrait, locale: 'ja-JP', storageState: await first.storageState() });
    const resumed = await open(second, PAID_RTL_MANGA);
    await expectPage(resumed, 7);
    assert.deepEqual(await imagePages(resumed), [7]);
    await shot(resumed, 'resumed-375');

    // Reaching 90% of an owned book registers the read-end (§4), once.
    for (let i = 8; i <= 12; i++) {
      await resumed.keyboard.press('ArrowLeft');
      await expectPage(resumed, i);
    }
    let reached = false;
    for (let i = 0; i < 30 && !reached; i++) {
      const info = await second.request.get(`${store.url}/api/browser/bookinfo/v2?bookId=${PAID_RTL_MANGA}`);
      reached = (await info.json()).book_data.reachedLastPage === true;
      if (!reached) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(reached, 'the read-end was registered at 90%');
  });
});

async function waitForSync(context: BrowserContext, bookId: number, page: number): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const response = await context.request.get(`${store.url}/api/book/sync_page?book_id=${bookId}`);
    const body = response.ok() ? await response.json() : null;
    if (body?.page === page) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  assert.fail(`the position ${page} was not synced`);
}
