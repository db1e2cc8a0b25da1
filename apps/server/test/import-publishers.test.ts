import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import type { BookText, ViewerInfo } from '@hondana/domain/reading/reading-api';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportDeps, importBook } from '../src/import/import-book';
import { signPageQuery } from '../src/media/signed-urls';
import { recordChange } from '../src/ops/store-changes';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { COLOPHON, PUBLISHER_COLOURS, type PublisherBooks, writeNamedNovel, writePublisherBooks } from './support/import-fixtures';
import { findOrAddPublisher } from '../src/modules/admin/publishers';

/**
 * Issue 35: the kinds of book Japanese publishers ship, built by the test in their shape
 * (`support/publisher-epubs.ts`, each passing epubcheck) and imported as `npm run import` does.
 */
const NOW = new Date('2026-12-06T02:00:00Z');
let t: TestApp;
let deps: ImportDeps;
let dir: string;
let books: PublisherBooks;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  deps = { db: t.database.db, media: t.app.deps.media, findOrAddPublisher };
  dir = mkdtempSync(path.join(tmpdir(), 'hondana-publishers-'));
  books = await writePublisherBooks(dir);
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const importOf = (file: string) => importBook(deps, file, { now: NOW.getTime() });
const viewerInfo = async (bookId: number) =>
  (await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${bookId}` })).json() as ViewerInfo;
const bookText = (bookId: number, query = '') => t.app.inject({ url: `/api/browser/book_text?book_id=${bookId}${query}` });
const bookRow = (bookId: number) => t.database.db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirstOrThrow();

/** The colour at the centre of an image. */
async function centre(data: Buffer) {
  const { data: px, info } = await sharp(data).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { r: px[i]!, g: px[i + 1]!, b: px[i + 2]! };
}
const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) < 24 && Math.abs(a.g - b.g) < 24 && Math.abs(a.b - b.b) < 24;

async function coverColour(bookId: number) {
  const cover = await t.app.inject({ url: `/media/covers/${bookId}/128.jpg` });
  expect(cover.statusCode).toBe(200);
  return centre(cover.rawPayload);
}

/** Makes a book free to read, as an editor's change would (the store is told). */
async function makeFree(bookId: number, free: boolean) {
  await t.database.db
    .updateTable('books')
    .set({ free_flg: free ? 1 : 0 })
    .where('id', '=', bookId)
    .execute();
  await recordChange(t.database.db, 'catalog');
  await t.app.deps.changes.check();
}

describe('a fixed-layout manga with an XHTML colophon (奥付)', () => {
  it('imports: the colophon is page 6, a text page counted in totalPage and named in the warnings', async () => {
    const result = await importOf(books.manga);
    expect(result).toMatchObject({ action: 'created', layoutType: LayoutType.FIXED, direction: 'rtl', totalPage: 6 });
    expect(result.warnings).toEqual([
      'item/xhtml/p-colophon.xhtml: page 6 is a text page, kept as sanitised text that the viewer lays out in its place',
    ]);
    const bookId = result.bookId!;
    const book = await bookRow(bookId);
    expect([book.page_count, book.sample_page_total, book.writing_mode]).toEqual([6, 5, 'horizontal']);

    const info = await viewerInfo(bookId);
    expect(info.pages_data.totalPage).toBe(6);
    const pages = info.pages_data.pages;
    expect(pages.map((p) => p.text)).toEqual([false, false, false, false, false, true]);
    // The colophon keeps its viewport's size and its side; it has no image and is not in the sample.
    expect(pages[5]).toMatchObject({ width: 100, height: 141, side: 'right', sample: false, accessible: false, images: [] });
    expect(pages.map((p) => p.side)).toEqual(['center', 'right', 'left', 'right', 'left', 'right']);
    // The table of contents of the nav document, with page numbers.
    expect(info.book_data.navigations).toEqual([
      { page: 0, text: '表紙' },
      { page: 1, text: '第1話' },
      { page: 3, text: '第2話' },
      { page: 5, text: '奥付' },
    ]);
    // The cover is the cover-image item.
    expect(near(await coverColour(bookId), PUBLISHER_COLOURS.cover)).toBe(true);
  });

  it("gives the colophon's text only to a reader who may read its page, and never draws it as an image", async () => {
    const bookId = (await importOf(books.manga)).bookId!;
    // A guest reading the sample (pages 1–5): the colophon's text is withheld.
    const guest = await bookText(bookId);
    expect(guest.statusCode).toBe(200);
    expect((guest.json() as BookText).chapters).toEqual([
      { chapterNo: 5, title: COLOPHON.heading, charCount: expect.any(Number), sample: false, html: null },
    ]);
    expect((await bookText(bookId, '&chapter=5')).statusCode).toBe(403);

    await makeFree(bookId, true);
    // A correctly signed URL of the text page finds no image, and nothing is drawn for it.
    const query = signPageQuery('test-media-key', bookId, 5, { kind: 'free' }, NOW.getTime() + 60_000);
    expect((await t.app.inject({ url: `/media/pages/${bookId}/5/720.webp?${query}` })).statusCode).toBe(404);
    const info = await viewerInfo(bookId);
    expect(info.pages_data.pages[5]).toMatchObject({ text: true, accessible: true, images: [] });
    const free = (await bookText(bookId)).json() as BookText;
    expect(free.writingMode).toBe('horizontal');
    expect(free.chapters[0]!.html).toBe(`<h3>${COLOPHON.heading}</h3>${COLOPHON.lines.map((l) => `<p>${l}</p>`).join('')}`);
    await makeFree(bookId, false);
  });

  it('honours `rendition:spread none`: every page stands alone', async () => {
    const result = await importOf(books.mangaNoSpreads);
    const info = await viewerInfo(result.bookId!);
    expect(info.pages_data.pages.map((p) => p.side)).toEqual(['alone', 'alone', 'alone', 'alone', 'alone', 'alone']);
  });
});

describe('scrolled image books with a text page after the last image', () => {
  it('a vertical webtoon: a webtoon whose text page is a portrait page as wide as the strip', async () => {
    const result = await importOf(books.webtoon);
    expect(result).toMatchObject({ layoutType: LayoutType.WEBTOON, direction: 'rtl', totalPage: 3 });
    expect(result.warnings).toEqual([
      'OEBPS/xhtml/after.xhtml: page 3 is a text page, kept as sanitised text that the viewer lays out in its place',
    ]);
    const pages = (await viewerInfo(result.bookId!)).pages_data.pages;
    expect(pages.map((p) => [p.width, p.height, p.text])).toEqual([
      [80, 400, false],
      [80, 400, false],
      [80, 113, true],
    ]);
    // The first page that is only an image is the cover.
    expect(near(await coverColour(result.bookId!), PUBLISHER_COLOURS.scroll)).toBe(true);
  });

  it('a right-to-left picture scroll (絵巻物): wide images, and a vertical text page as tall as the strip', async () => {
    const result = await importOf(books.pictureScroll);
    expect(result).toMatchObject({ layoutType: LayoutType.WEBTOON, direction: 'rtl', totalPage: 3 });
    const bookId = result.bookId!;
    const pages = (await viewerInfo(bookId)).pages_data.pages;
    expect(pages.map((p) => [p.width, p.height, p.wide, p.text])).toEqual([
      [400, 100, true, false],
      [300, 100, true, false],
      [71, 100, false, true],
    ]);
    expect((await bookRow(bookId)).writing_mode).toBe('vertical');
    await makeFree(bookId, true);
    const text = (await bookText(bookId)).json() as BookText;
    expect(text.chapters[0]).toMatchObject({ chapterNo: 2, html: '<h3>解説</h3><p>この絵巻は右から左へ、ひと続きに読みます。</p>' });
    await makeFree(bookId, false);
  });
});

describe('a horizontal (横書き) technical text in nested folders', () => {
  it('reads left to right, with its headings, lists, table and figures (`../../images/…`)', async () => {
    const result = await importOf(books.techText);
    expect(result).toMatchObject({ layoutType: LayoutType.REFLOW, direction: 'ltr', totalPage: 2, warnings: [] });
    const bookId = result.bookId!;
    expect((await bookRow(bookId)).writing_mode).toBe('horizontal');
    const text = (await bookText(bookId)).json() as BookText;
    expect(text.writingMode).toBe('horizontal');
    expect(text.chapters.map((c) => c.title)).toEqual(['第1章　はじめに', '第2章　読む']);
    const html = text.chapters[0]!.html!;
    expect(html).toContain(
      '<h4>1.1　用語</h4><ul><li>ビューア：本を表示する画面</li><li>ページ：一度に見える範囲</li></ul><ol><li>ファイルを取り込む</li><li>価格を決めて公開する</li></ol>',
    );
    expect(html).toContain(
      '<p>表1　画面の幅</p><table><tr><th>端末</th><th>幅</th></tr><tr><td>スマートフォン</td><td>375px</td></tr><tr><td>タブレット</td><td>768px</td></tr><tr><td>パソコン</td><td>1080px</td></tr></table>',
    );
    expect(html).toMatch(
      new RegExp(
        `<figure><img src="/media/figures/${bookId}/0/1080\\.webp\\?[^"]+"[^>]*></figure>`.replace(
          '</figure>',
          '<figcaption>図1　取り込みの流れ</figcaption></figure>',
        ),
      ),
    );
    // The figure is the archive's image from the nested folder, served through its signed URL.
    const src = /src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const figure = await t.app.inject({ url: src });
    expect(figure.statusCode).toBe(200);
    expect(near(await centre(figure.rawPayload), PUBLISHER_COLOURS.figure)).toBe(true);
    expect(near(await coverColour(bookId), PUBLISHER_COLOURS.cover)).toBe(true);
  });
});

describe('a vertical novel whose files have Japanese names', () => {
  it('resolves percent-encoded hrefs to UTF-8 entry names in a ZIP without the UTF-8 flag; the cover is its first, image-only page', async () => {
    const result = await importOf(books.namedNovel);
    expect(result).toMatchObject({ layoutType: LayoutType.REFLOW, direction: 'rtl', totalPage: 3, warnings: [] });
    const bookId = result.bookId!;
    expect((await bookRow(bookId)).writing_mode).toBe('vertical');
    const chapters = await t.database.db
      .selectFrom('book_text_chapters')
      .select(['title', 'body'])
      .where('book_id', '=', bookId)
      .orderBy('chapter_no')
      .execute();
    expect(chapters).toEqual([
      { title: '一　はじまり', body: '｜吾輩《わがはい》は猫である。' },
      { title: '二　おわり', body: '名前はまだ無い。' },
      { title: 'ごあいさつ', body: '読んでくださってありがとう。' },
    ]);
    const source = await t.database.db
      .selectFrom('book_sources')
      .select('cover_key')
      .where('book_id', '=', bookId)
      .executeTakeFirstOrThrow();
    expect(source.cover_key).toMatch(/^originals\/[0-9a-f]{64}\.jpg$/);
    expect(near(await coverColour(bookId), PUBLISHER_COLOURS.cover)).toBe(true);
  });

  it("resolves a macOS archiver's decomposed (NFD) entry names against the manifest's composed hrefs", async () => {
    const file = await writeNamedNovel(path.join(dir, 'namae-nfd.epub'), {
      identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000016',
      nfd: true,
    });
    const result = await importOf(file);
    expect(result).toMatchObject({ totalPage: 3, warnings: [] });
    const titles = await t.database.db
      .selectFrom('book_text_chapters')
      .select('title')
      .where('book_id', '=', result.bookId!)
      .orderBy('chapter_no')
      .execute();
    expect(titles.map((c) => c.title)).toEqual(['一　はじまり', '二　おわり', 'ごあいさつ']);
  });
});

describe('an EPUB 2 book (OPF 2.0, NCX, no nav document)', () => {
  it('reads its metadata, spine, NCX titles and the cover its <meta name="cover"> names', async () => {
    const result = await importOf(books.epub2);
    expect(result).toMatchObject({ layoutType: LayoutType.REFLOW, direction: 'rtl', totalPage: 2, warnings: [] });
    const bookId = result.bookId!;
    const book = await bookRow(bookId);
    expect([book.contents_name, book.writing_mode]).toEqual(['古い形式の本', 'vertical']);
    const authors = await t.database.db
      .selectFrom('title_authors as ta')
      .innerJoin('authors as a', 'a.id', 'ta.author_id')
      .select(['a.name', 'a.kana', 'ta.role'])
      .where('ta.title_id', '=', result.titleId!)
      .execute();
    expect(authors).toEqual([{ name: '旧野作', kana: 'キュウノ サク', role: 'author' }]);
    const text = (await bookText(bookId)).json() as BookText;
    expect(text.chapters.map((c) => [c.title, c.sample])).toEqual([
      ['第一章', true],
      ['第二章', false],
    ]);
    expect(text.chapters[0]!.html).toBe('<p>一章の本文。</p>');
    expect(near(await coverColour(bookId), PUBLISHER_COLOURS.cover)).toBe(true);
  });
});
