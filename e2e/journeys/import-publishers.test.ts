import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { fixedMangaWithColophon, scrolledImageBook, writeBookFile } from '../../apps/server/test/support/publisher-epubs';
import { horizontalTechText } from '../../apps/server/test/support/publisher-text-epubs';
import { type ImportedBook, figureImage, importIntoStore, numberedPage, scrollPanel } from '../support/import-fixtures';
import { loggedInAs, makeOperator, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { closePopup, currentPage, expectPage, showUi } from '../support/viewer-helpers';

/**
 * Issue 35: books shaped like Japanese publishers' files (the server tests' builders, each
 * passing epubcheck), imported with `npm run import -- --publish --price 500` and read in the
 * viewer: a manga's colophon page, a fixed-layout book's table of contents, a picture scroll,
 * horizontal text with a table.
 */
let store: StoreServer;
let browser: Browser;
let work: string;
let manga: ImportedBook;
let scroll: ImportedBook;
let tech: ImportedBook;
/** The manga's second volume, imported without --publish: it waits unlisted. */
let waiting: ImportedBook;
const OPERATOR = `publishers-operator-${Date.now()}@example.jp`;

const COLOPHON = {
  heading: '港の灯　第1巻',
  lines: [
    '2026年12月6日　初版発行',
    '著者　灯台守',
    '発行所　株式会社港出版',
    '〒100-0001　東京都千代田区千代田1-1',
    '本書の無断複製は著作権法上での例外を除き禁じられています。',
  ],
};
const PROSE = Array.from(
  { length: 8 },
  (_, i) =>
    `段落${i + 1}。横書きの本は左から右へ読み、ページも左から右へめくります。表や図はその場所に置かれ、文字の大きさを変えても崩れません。`,
);

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-publishers-e2e-'));
  const size = { width: 600, height: 850 };
  const pages = await Promise.all(['#2e5a7a', '#3a7a2e', '#7a652e'].map((hue, i) => numberedPage(i + 2, size.width, size.height, hue)));
  const publish = ['--publish', '--price', '500'];
  const volume = {
    author: '灯台守',
    publisher: '港出版',
    cover: await numberedPage(1, size.width, size.height, '#7a2e3a'),
    pages,
    size,
    colophon: COLOPHON,
    toc: [
      { text: '表紙', page: 0 },
      { text: '第1話', page: 1 },
      { text: '第2話', page: 2 },
      { text: '奥付', page: 4 },
    ],
  };
  const mangaFile = await writeBookFile(
    path.join(work, 'minato-no-hi-1.epub'),
    fixedMangaWithColophon({ ...volume, identifier: 'urn:uuid:6a0e6c1e-0035-4000-8000-00000000e2e1', title: '港の灯 1' }),
  );
  const secondFile = await writeBookFile(
    path.join(work, 'minato-no-hi-2.epub'),
    fixedMangaWithColophon({ ...volume, identifier: 'urn:uuid:6a0e6c1e-0035-4000-8000-00000000e2e4', title: '港の灯 2' }),
  );
  const scrollFile = await writeBookFile(
    path.join(work, 'choju-emaki.epub'),
    scrolledImageBook({
      identifier: 'urn:uuid:6a0e6c1e-0035-4000-8000-00000000e2e2',
      title: '鳥獣絵巻',
      author: '絵巻師',
      direction: 'rtl',
      pages: await Promise.all(['#5a2e7a', '#2e7a6a', '#7a2e2e'].map((hue, i) => scrollPanel(i + 1, 1600, 400, hue))),
      after: { heading: '解説', lines: ['この絵巻は右から左へ、ひと続きに読みます。'], vertical: true },
    }),
  );
  const techFile = await writeBookFile(
    path.join(work, 'web-de-hon.epub'),
    horizontalTechText({
      identifier: 'urn:uuid:6a0e6c1e-0035-4000-8000-00000000e2e3',
      title: 'ウェブで本を読む',
      author: '技術太郎',
      cover: await numberedPage(1, 600, 850, '#2e3a7a'),
      figures: [await figureImage('図1', 600, 300, '#7a2e5a'), await figureImage('図2', 600, 300, '#2e7a3a')],
      prose: PROSE,
    }),
  );
  const imported: (ImportedBook | undefined)[] = [];
  for (const file of [mangaFile, scrollFile, techFile]) imported.push((await importIntoStore(store, file, publish))[0]);
  assert.ok(imported.every(Boolean), 'the command reported the three books');
  [manga, scroll, tech] = imported as [ImportedBook, ImportedBook, ImportedBook];
  // Without --publish: the book waits unlisted until an operator prices and publishes it.
  const [second] = await importIntoStore(store, secondFile);
  assert.ok(second, 'the command reported the second volume');
  waiting = second;
  await signUpMember(store, OPERATOR, '港の担当');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `publishers-${name}.png`) });

async function open(width: number, height: number, bookId: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'ja-JP' });
  const page = await context.newPage();
  await page.goto(`${store.url}/viewer?cid=${bookId}`);
  await page.getByTestId('viewer-stage').waitFor();
  return page;
}

/** The text's figures have loaded and the text was laid out again with them (its pages cover it all). */
async function figuresLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=viewer-stage] figure img'));
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  });
  await page.waitForFunction(() => {
    const flow = document.querySelector<HTMLElement>('[data-testid=viewer-stage] [lang=ja]');
    const total = Number(document.querySelector('[data-kind=text]')?.getAttribute('data-total'));
    return !!flow && total * (flow.clientWidth + 48) >= flow.scrollWidth;
  });
}

/** A box's place on screen. */
const boxOf = async (page: Page, selector: string) => (await page.locator(selector).boundingBox())!;

describe('a fixed-layout manga with an XHTML colophon (奥付)', () => {
  it('imports on sale as a fixed right-to-left book of 5 pages, its colophon page named in the warnings', () => {
    assert.deepEqual([manga.layoutType, manga.direction, manga.totalPage, manga.listed, manga.price], [0, 'rtl', 5, true, 500]);
    assert.deepEqual(manga.warnings, [
      'item/xhtml/p-colophon.xhtml: page 5 is a text page, kept as sanitised text that the viewer lays out in its place',
    ]);
  });

  for (const [width, height] of [
    [375, 740],
    [1080, 800],
  ] as const) {
    it(`shows the colophon at its place, the last page, legible at ${width} px`, async () => {
      const page = await open(width, height, manga.bookId);
      await expectPage(page, 0);
      for (let p = 1; p <= 4; p++) {
        await page.keyboard.press('ArrowLeft'); // ← is next in a right-to-left book
        await expectPage(page, p);
      }
      const colophon = page.locator('[data-testid=viewer-stage] [data-text-page="4"]');
      await colophon.getByText('発行所　株式会社港出版').waitFor();
      assert.equal(await colophon.locator('h3').textContent(), COLOPHON.heading);
      const style = await colophon.evaluate((el) => {
        const s = getComputedStyle(el);
        const box = el.getBoundingClientRect();
        return {
          fontSize: parseFloat(s.fontSize),
          writingMode: s.writingMode,
          width: box.width,
          height: box.height,
          overflow: el.scrollHeight > el.clientHeight,
        };
      });
      assert.equal(style.writingMode, 'horizontal-tb');
      assert.ok(style.fontSize >= 14, `the text is ${style.fontSize} px`);
      // The page's box: as wide as the phone, as tall as the page's proportions allow.
      assert.ok(style.width >= Math.min(width, (height * 600) / 850) - 2, `the colophon page is ${style.width} px wide`);
      assert.equal(style.overflow, false, 'the colophon fits its page');
      // Every line is on screen, inside the page.
      const page4 = await colophon.boundingBox();
      const last = await colophon.getByText(COLOPHON.lines.at(-1)!).boundingBox();
      assert.ok(page4 && last && last.y + last.height <= page4.y + page4.height && last.x >= page4.x, 'the last line is inside the page');
      await shot(page, `colophon-${width}`);
    });
  }

  it('lists its table of contents with page numbers, and 目次 jumps to the page', async () => {
    const page = await open(375, 740, manga.bookId);
    await expectPage(page, 0);
    await showUi(page);
    await page.getByRole('button', { name: '目次' }).click();
    const toc = page.getByRole('dialog', { name: '目次' });
    await toc.getByTestId('toc-list').waitFor();
    assert.deepEqual(await toc.getByTestId('toc-list').getByRole('button').allTextContents(), ['表紙', '第1話', '第2話', '奥付']);
    // The bottom sheet has come up whole.
    await page.waitForFunction(() => {
      const items = document.querySelectorAll('[data-testid=toc-list] button');
      const last = items[items.length - 1]?.getBoundingClientRect();
      return !!last && last.bottom <= window.innerHeight;
    });
    await shot(page, 'toc-375');
    await toc.getByRole('button', { name: '奥付', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectPage(page, 4);
    await page.locator('[data-text-page="4"]').getByText(COLOPHON.heading).waitFor();
    await showUi(page);
    await page.getByRole('button', { name: '目次' }).click();
    await page.getByRole('dialog', { name: '目次' }).getByRole('button', { name: '第2話', exact: true }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expectPage(page, 2);
    await shot(page, 'toc-jumped-375');
  });
});

describe('a right-to-left picture scroll (絵巻物)', () => {
  it('imports as one strip of 3 wide images and a text page', () => {
    assert.deepEqual([scroll.layoutType, scroll.direction, scroll.totalPage], [1, 'rtl', 4]);
  });

  for (const [width, height] of [
    [375, 740],
    [1080, 800],
  ] as const) {
    it(`reads as one horizontal strip from right to left at ${width} px`, async () => {
      const page = await open(width, height, scroll.bookId);
      const stage = page.getByTestId('viewer-stage');
      assert.equal(await stage.getAttribute('data-axis'), 'horizontal');
      await page.locator('[data-index="0"] img').waitFor();
      // The first image starts at the right edge; the strip runs on to the left.
      const first = await boxOf(page, '[data-index="0"]');
      assert.ok(Math.abs(first.x + first.width - width) <= 2, `S1 ends at ${first.x + first.width}, the screen at ${width}`);
      assert.ok(first.width > width, 'the image is wider than the screen: the strip scrolls');
      const second = await boxOf(page, '[data-index="1"]');
      assert.ok(second.x + second.width <= first.x + 1, 'S2 lies to the left of S1');
      await shot(page, `scroll-${width}-start`);

      // The mouse wheel moves along the strip: the picture moves right as the reader goes on.
      await page.mouse.move(width / 2, height / 2);
      await page.mouse.wheel(0, 600);
      await page.waitForFunction(() => (document.querySelector('[data-testid=viewer-stage]')?.scrollLeft ?? 0) < -300);
      const moved = await boxOf(page, '[data-index="0"]');
      assert.ok(moved.x > first.x + 300, 'S1 moved to the right');
      // On to where S2 joins S1, just right of the middle: the page crossing the middle is S2 now.
      await page.mouse.wheel(0, Math.round(width / 2 + 40 - moved.x));
      await page.waitForFunction(
        (w) => Math.abs((document.querySelector('[data-index="0"]')?.getBoundingClientRect().left ?? 0) - (w / 2 + 40)) < 4,
        width,
      );
      await expectPage(page, 1);
      await page.locator('[data-index="1"] img').waitFor();
      await shot(page, `scroll-${width}-seam`);

      // ← (next in a right-to-left book) brings the next image's start to the right edge.
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, 2);
      await page.waitForFunction((w) => {
        const box = document.querySelector('[data-index="2"]')?.getBoundingClientRect();
        return !!box && Math.abs(box.right - w) <= 2;
      }, width);
      await page.locator('[data-index="2"] img').waitFor();
      await shot(page, `scroll-${width}-third`);
      // The vertical text page comes last, at the left end.
      await page.keyboard.press('ArrowLeft');
      await expectPage(page, 3);
      const text = page.locator('[data-text-page="3"]');
      await text.getByText('この絵巻は右から左へ').waitFor();
      assert.equal(await text.evaluate((el) => getComputedStyle(el).writingMode), 'vertical-rl');
      // Vertical lines run from the top, the heading's to the right of the text's.
      const [box, heading, body] = await Promise.all([
        text.boundingBox(),
        text.locator('h3').boundingBox(),
        text.locator('p').boundingBox(),
      ]);
      assert.ok(box && heading && body && heading.y - box.y < 80 && body.y - box.y < 80, 'the lines start at the top of the page');
      assert.ok(heading!.x > body!.x, 'the heading comes first, on the right');
      await shot(page, `scroll-${width}-end`);
    });
  }
});

describe('a horizontal (横書き) technical text', () => {
  it('imports as a left-to-right text book of 2 chapters', () => {
    assert.deepEqual([tech.layoutType, tech.direction, tech.totalPage, tech.warnings], [2, 'ltr', 2, []]);
  });

  for (const [width, height] of [
    [375, 740],
    [1080, 800],
  ] as const) {
    it(`reads left to right, page by page, with its table, at ${width} px`, async () => {
      const page = await open(width, height, tech.bookId);
      await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
      const stage = page.getByTestId('viewer-stage');
      assert.equal(await stage.getAttribute('data-writing-mode'), 'horizontal');
      assert.equal(await page.locator('[data-kind=text]').getAttribute('data-direction'), 'ltr');
      const flow = page.locator('[data-testid=viewer-stage] [lang=ja]');
      assert.equal(await flow.evaluate((el) => getComputedStyle(el).writingMode), 'horizontal-tb');
      await figuresLoaded(page);
      const total = Number(await page.locator('[data-kind=text]').getAttribute('data-total'));
      assert.ok(total > 1, `${total} pages`);
      // The table: turn pages with → (next in a left-to-right book) until it is on screen.
      const table = page.locator('[data-testid=viewer-stage] table');
      assert.deepEqual(await table.locator('th').allTextContents(), ['端末', '幅']);
      let onScreen = false;
      for (let p = 0; p < total && !onScreen; p++) {
        if (p > 0) {
          await page.keyboard.press('ArrowRight');
          await expectPage(page, p);
        }
        onScreen = await table.evaluate((el) => {
          const r = el.getBoundingClientRect();
          return r.left >= 0 && r.right <= window.innerWidth && r.top >= 0 && r.bottom <= window.innerHeight && r.width > 100;
        });
      }
      assert.ok(onScreen, 'the table comes on screen whole');
      assert.ok((await currentPage(page)) < total, 'on a page of the book');
      await shot(page, `text-${width}-table`);
      // ← goes back a page.
      const at = await currentPage(page);
      if (at > 0) {
        await page.keyboard.press('ArrowLeft');
        await expectPage(page, at - 1);
        await page.keyboard.press('ArrowRight');
        await expectPage(page, at);
      }
    });
  }

  it('may be read in vertical writing from the settings, and back in the book’s own', async () => {
    const page = await open(375, 740, tech.bookId);
    await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
    await showUi(page);
    await page.getByRole('button', { name: '設定' }).click();
    const choice = page.getByRole('group', { name: '縦書き・横書き' });
    assert.equal(await choice.getByRole('button', { name: '本の指定' }).getAttribute('aria-pressed'), 'true');
    await choice.getByRole('button', { name: '縦書き' }).click();
    await closePopup(page);
    await page.locator('[data-testid=viewer-stage][data-writing-mode=vertical]').waitFor();
    assert.equal(await page.locator('[data-kind=text]').getAttribute('data-direction'), 'rtl');
    assert.equal(
      await page.locator('[data-testid=viewer-stage] [lang=ja]').evaluate((el) => getComputedStyle(el).writingMode),
      'vertical-rl',
    );
    await shot(page, 'text-375-vertical');
    await showUi(page);
    await page.getByRole('button', { name: '設定' }).click();
    await page.getByRole('group', { name: '縦書き・横書き' }).getByRole('button', { name: '本の指定' }).click();
    await closePopup(page);
    await page.locator('[data-testid=viewer-stage][data-writing-mode=horizontal]').waitFor();
  });
});

describe('a book imported without --publish', () => {
  it('waits unlisted, and the console counts it under 未公開 in its title’s row', async () => {
    assert.deepEqual([waiting.listed, waiting.price, waiting.titleId], [false, 0, manga.titleId]);
    const { page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin/titles`);
    const search = page.getByLabel('作品名・よみ・著者名・ID');
    await search.fill('港の灯');
    await search.press('Enter');
    const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: '港の灯', exact: true }) });
    await row.waitFor();
    const headers = await page.getByRole('columnheader').allTextContents();
    const cells = await row.getByRole('cell').allTextContents();
    assert.deepEqual([cells[headers.indexOf('巻数')], cells[headers.indexOf('公開中')], cells[headers.indexOf('未公開')]], ['2', '1', '1']);
    await shot(page, 'console-unpublished-1080');
    await row.getByRole('link', { name: '港の灯', exact: true }).click();
    const second = page.getByRole('form', { name: '第2巻' });
    await second.waitFor();
    await second.getByRole('button', { name: '公開する' }).waitFor();
  });
});
