import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { type ImportedBook, importIntoStore, numberedPage, writeFixedEpub, writeTextEpub } from '../support/import-fixtures';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { currentPage, expectPage, imagePages, showUi } from '../support/viewer-helpers';

let store: StoreServer;
let browser: Browser;
let work: string;
let book: ImportedBook;
let textBook: ImportedBook;

const HUES = ['#7a2e3a', '#2e5a7a', '#3a7a2e', '#7a652e', '#5a2e7a'];

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-import-e2e-'));
  // Right to left, with the file's sides off by one from counting: the cover alone, P2 on the left
  // (so alone too), then pairs whose first page is on the right (P3+P4), and P5.
  const pages = await Promise.all(HUES.map((hue, i) => numberedPage(i + 1, 600, 850, hue)));
  const file = await writeFixedEpub(path.join(work, 'minato.epub'), {
    identifier: 'urn:uuid:e2e-import-0001',
    title: '港の灯 1',
    author: '灯台守',
    direction: 'rtl',
    pages: pages.map((image, i) => ({ image, spread: i === 0 ? 'center' : i % 2 === 1 ? 'left' : 'right' })),
  });
  const [imported] = await importIntoStore(store, file, ['--publish', '--price', '500']);
  assert.ok(imported, 'the command reported the book');
  book = imported;
  const prose =
    '　<ruby>吾輩<rt>わがはい</rt></ruby>は猫である。名前はまだ無い。どこで生れたかとんと<ruby>見当<rt>けんとう</rt></ruby>がつかぬ。何でも薄暗いじめじめした所でニャーニャー泣いていた事だけは記憶している。';
  const text = await writeTextEpub(path.join(work, 'neko.epub'), {
    identifier: 'urn:uuid:e2e-import-text-0001',
    title: '猫の日記',
    author: '夏目テスト',
    // The sample chapter opens with a paragraph longer than a phone's page and holds an
    // illustration (挿絵) after it.
    images: { 'sashie.png': await numberedPage(7, 600, 800, '#2e5a7a') },
    chapters: [
      { title: '一　朝', paragraphs: [prose.repeat(6), '<img src="../image/sashie.png" alt="挿絵"/>', prose, prose, prose, prose] },
      { title: '二　夜', paragraphs: Array.from({ length: 6 }, () => prose) },
    ],
  });
  const [importedText] = await importIntoStore(store, text, ['--publish', '--price', '500']);
  assert.ok(importedText, 'the command reported the text book');
  textBook = importedText;
});
after(async () => {
  await browser?.close();
  await store?.stop();
  rmSync(work, { recursive: true, force: true });
});

/**
 * The chapter's illustration has loaded and the text was laid out again with it: the page count
 * covers the text after it too.
 */
async function laidOutWithFigure(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const img = document.querySelector<HTMLImageElement>('[data-testid=viewer-stage] figure img');
    return !!img && img.complete && img.naturalWidth > 0;
  });
  await page.waitForFunction(() => {
    const flow = document.querySelector<HTMLElement>('[data-testid=viewer-stage] [lang=ja]');
    const total = Number(document.querySelector('[data-kind=text]')?.getAttribute('data-total'));
    return !!flow && total * (flow.clientHeight + 48) >= flow.scrollHeight;
  });
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `import-${name}.png`) });

async function open(width: number, height: number, bookId = book.bookId, before?: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'ja-JP' });
  const page = await context.newPage();
  await before?.(page);
  await page.goto(`${store.url}/viewer?cid=${bookId}`);
  await page.getByTestId('viewer-stage').waitFor();
  return page;
}

/** The page images on the stage have loaded (they come from the import's stored originals). */
async function imagesLoaded(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>('[data-testid=viewer-stage] img'));
    return imgs.length > 0 && imgs.every((img) => img.complete && img.naturalWidth > 0);
  });
}

describe('an imported fixed-layout EPUB in the viewer', () => {
  it('the command reports the book: right to left, 5 pages, no warnings', () => {
    assert.equal(book.direction, 'rtl');
    assert.equal(book.totalPage, 5);
    assert.equal(book.layoutType, 0);
    assert.deepEqual(book.warnings, []);
  });

  it('opens at 375 px on the cover and turns pages right to left', async () => {
    const page = await open(375, 740);
    await expectPage(page, 0);
    await imagesLoaded(page);
    assert.deepEqual(await imagePages(page), [0]);
    await shot(page, 'epub-375-cover');
    await page.keyboard.press('ArrowLeft'); // ← is next in a right-to-left book
    await expectPage(page, 1);
    await imagesLoaded(page);
    assert.deepEqual(await imagePages(page), [1]);
    await shot(page, 'epub-375-page2');
  });

  it('shows single pages at 1080 px', async () => {
    const page = await open(1080, 800);
    await expectPage(page, 0);
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 1);
    await imagesLoaded(page);
    assert.deepEqual(await imagePages(page), [1]);
    await shot(page, 'epub-1080');
  });

  it("pairs P3 and P4 into one right-to-left spread on a wide screen, as the file's sides say", async () => {
    const page = await open(1280, 800);
    await expectPage(page, 0);
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 1);
    // P2 is a left page: counting would pair it with P3, the file puts it alone.
    assert.equal(await page.getByTestId('viewer-stage').getAttribute('data-visible-pages'), '1');
    await page.keyboard.press('ArrowLeft');
    await expectPage(page, 2);
    await imagesLoaded(page);
    assert.equal(await page.getByTestId('viewer-stage').getAttribute('data-visible-pages'), '2,3');
    const [first, second] = await page.locator('[data-testid=viewer-stage] img').all();
    assert.ok((await first!.boundingBox())!.x > (await second!.boundingBox())!.x, 'P3 is on the right');
    await showUi(page);
    assert.equal(await page.getByTestId('page-indicator').textContent(), '3-4 / 5');
    await shot(page, 'epub-1280-spread');
  });
});

describe('an imported reflowable vertical EPUB in the viewer', () => {
  it('the command reports a text book of 2 chapters, right to left', () => {
    assert.equal(textBook.layoutType, 2);
    assert.equal(textBook.direction, 'rtl');
    assert.equal(textBook.totalPage, 2);
  });

  for (const [width, height] of [
    [375, 740],
    [1080, 800],
  ] as const) {
    it(`shows the first chapter in vertical writing with its ruby at ${width} px`, async () => {
      // The illustration is held back until the reader has turned a page at 375 px: its arrival
      // lays the chapter out again, and the reader stays where they were.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      const page = await open(width, height, textBook.bookId, async (p) => {
        if (width === 375)
          await p.route('**/media/figures/**', async (route) => {
            await held;
            await route.continue();
          });
      });
      await page.locator('[data-kind=text][data-total]:not([data-total="0"])').waitFor();
      if (width !== 375) release();
      const flow = page.locator('[data-testid=viewer-stage] [lang=ja]');
      assert.equal(await flow.evaluate((el) => getComputedStyle(el).writingMode), 'vertical-rl');
      assert.equal(await page.locator('[data-testid=viewer-stage] section > h2').first().textContent(), '一　朝');
      const ruby = page.locator('[data-testid=viewer-stage] ruby').first();
      assert.equal(await ruby.locator('rt').textContent(), 'わがはい');
      assert.ok(await ruby.isVisible(), 'the first ruby is on the first page');
      // Read as its base text: the reading is hidden from screen readers, so the paragraph reads
      // 吾輩は… once (not 吾輩わがはいは…), and the parentheses kept for what cannot lay ruby out do
      // not show where it is laid out.
      assert.equal(await ruby.locator('rt').getAttribute('aria-hidden'), 'true');
      assert.equal(await ruby.locator('rp').first().isVisible(), false);
      const heard = await ruby.locator('xpath=ancestor::p[1]').ariaSnapshot();
      assert.match(heard, /吾輩\s?は猫である/); // the snapshot spaces an inline element's text
      assert.doesNotMatch(heard, /わがはい/);
      await shot(page, `text-${width}`);
      if (width === 375) {
        // The sample chapter takes several pages on a phone; ← turns to the next.
        assert.ok(Number(await page.locator('[data-kind=text]').getAttribute('data-total')) > 1);
        await page.keyboard.press('ArrowLeft');
        await expectPage(page, 1);
        const place = await page.getByTestId('viewer-stage').getAttribute('data-anchor');
        await shot(page, `text-${width}-page2`);
        release();
        // Laid out again with the picture: the same page of the long first paragraph, not back to
        // where that paragraph starts.
        await laidOutWithFigure(page);
        assert.equal(await page.getByTestId('viewer-stage').getAttribute('data-anchor'), place);
        assert.ok((await currentPage(page)) >= 1, `still past the first page (${await currentPage(page)})`);
        // Back to the first page: the illustration is looked for from there on.
        while ((await currentPage(page)) > 0) {
          const from = await currentPage(page);
          await page.keyboard.press('ArrowRight');
          await expectPage(page, from - 1);
        }
      }
      // The illustration inside the chapter: kept at import, served through the media routes;
      // turning pages brings it on screen whole, loaded from the stored original.
      const figure = page.locator('[data-testid=viewer-stage] figure img');
      assert.equal(await figure.count(), 1);
      assert.match((await figure.getAttribute('src')) ?? '', new RegExp(`^/media/figures/${textBook.bookId}/0/1080\\.webp\\?`));
      await laidOutWithFigure(page);
      const total = Number(await page.locator('[data-kind=text]').getAttribute('data-total'));
      let onScreen = false;
      const seen: string[] = [];
      let current = Number(await page.getByTestId('viewer-stage').getAttribute('data-current-page'));
      while (current < total && !onScreen) {
        const box = await figure.evaluate((img) => {
          const r = img.getBoundingClientRect();
          return {
            top: r.top,
            left: r.left,
            bottom: r.bottom,
            right: r.right,
            width: r.width,
            vw: window.innerWidth,
            vh: window.innerHeight,
          };
        });
        seen.push(JSON.stringify(box));
        onScreen = box.width > 50 && box.top >= 0 && box.left >= 0 && box.bottom <= box.vh && box.right <= box.vw;
        if (!onScreen) {
          if (current + 1 >= total) break;
          await page.keyboard.press('ArrowLeft');
          await expectPage(page, ++current);
        }
      }
      assert.ok(onScreen, `the illustration comes on screen whole on one of the pages: ${seen.join(' ')}`);
      await shot(page, `text-${width}-illustration`);
    });
  }
});
