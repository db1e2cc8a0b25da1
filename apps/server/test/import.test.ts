import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { EroticType, LayoutType } from '@hondana/domain/catalog/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ImportDeps, importBook } from '../src/import/import-book';
import { ImportError } from '../src/import/import-error';
import { signPageQuery } from '../src/media/signed-urls';
import { recordChange } from '../src/ops/store-changes';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { comicInfo, pageImage, writeEpub, writeFolder, writeZip, zipBuffer } from './support/import-fixtures';
import { findOrAddPublisher } from '../src/modules/admin/publishers';

const NOW = new Date('2026-11-25T03:00:00Z');
let t: TestApp;
let deps: ImportDeps;
let dir: string;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => NOW });
  deps = { db: t.database.db, media: t.app.deps.media, findOrAddPublisher };
  dir = mkdtempSync(path.join(tmpdir(), 'hondana-import-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

const RED = { r: 220, g: 30, b: 30 };
const BLUE = { r: 30, g: 40, b: 210 };
const GREEN = { r: 20, g: 180, b: 60 };
const at = (name: string) => path.join(dir, name);

async function bookRow(bookId: number) {
  return t.database.db.selectFrom('books').selectAll().where('id', '=', bookId).executeTakeFirstOrThrow();
}
async function pageWidths(bookId: number) {
  const rows = await t.database.db
    .selectFrom('book_pages')
    .select(['page_no', 'width'])
    .where('book_id', '=', bookId)
    .orderBy('page_no')
    .execute();
  return rows.map((r) => r.width);
}
async function counts() {
  const [titles, books] = await Promise.all([
    t.database.db
      .selectFrom('titles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
    t.database.db
      .selectFrom('books')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { titles: Number(titles.n), books: Number(books.n) };
}
/** The page's 720 px WebP as the viewer fetches it, and the colour at its centre. */
async function servedPage(bookId: number, page: number) {
  const query = signPageQuery('test-media-key', bookId, page, { kind: 'sample' }, NOW.getTime() + 60_000);
  const response = await t.app.inject({ url: `/media/pages/${bookId}/${page}/720.webp?${query}` });
  expect(response.statusCode).toBe(200);
  const { data, info } = await sharp(response.rawPayload).raw().toBuffer({ resolveWithObject: true });
  const i = (Math.floor(info.height / 2) * info.width + Math.floor(info.width / 2)) * info.channels;
  return { width: info.width, colour: { r: data[i]!, g: data[i + 1]!, b: data[i + 2]! } };
}
const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
  Math.abs(a.r - b.r) < 20 && Math.abs(a.g - b.g) < 20 && Math.abs(a.b - b.b) < 20;

describe('CBZ and ZIP', () => {
  it('reads ComicInfo.xml: series, number, authors, publisher, summary, right to left, R18, and checks PageCount', async () => {
    // Page widths tell the order: p2 must come before p10.
    const file = await writeZip(at('comic.cbz'), [
      {
        name: 'ComicInfo.xml',
        data: comicInfo({
          Series: '星の図書館',
          Number: 4,
          Title: '第四巻',
          Writer: '山田太郎',
          Penciller: '佐藤花子',
          Publisher: '本棚出版',
          Summary: 'あらすじ',
          Manga: 'YesAndRightToLeft',
          AgeRating: 'R18+',
          PageCount: 4,
        }),
      },
      { name: 'p10.jpg', data: await pageImage(130, 180, BLUE) },
      { name: 'p1.jpg', data: await pageImage(110, 180, RED) },
      { name: 'p2.png', data: await pageImage(120, 180, GREEN, 'png') },
    ]);
    const result = await importBook(deps, file, { now: NOW.getTime() });
    expect(result).toMatchObject({ action: 'created', layoutType: LayoutType.FIXED, direction: 'rtl', totalPage: 3 });
    expect(result.warnings).toEqual(['ComicInfo.xml says PageCount 4, the archive holds 3 page images']);
    expect(await pageWidths(result.bookId!)).toEqual([110, 120, 130]);
    const book = await bookRow(result.bookId!);
    expect([book.vol, book.contents_name, book.description, book.page_count, book.direction]).toEqual([
      4,
      '星の図書館 4',
      'あらすじ',
      3,
      'rtl',
    ]);
    const title = await t.database.db
      .selectFrom('titles as t')
      .innerJoin('publishers as p', 'p.id', 't.publisher_id')
      .select(['t.name', 't.erotic_type', 'p.name as publisher'])
      .where('t.id', '=', result.titleId!)
      .executeTakeFirstOrThrow();
    expect(title).toEqual({ name: '星の図書館', erotic_type: EroticType.R18, publisher: '本棚出版' });
    const credits = await t.database.db
      .selectFrom('title_authors as ta')
      .innerJoin('authors as a', 'a.id', 'ta.author_id')
      .select(['a.name', 'ta.role'])
      .where('ta.title_id', '=', result.titleId!)
      .orderBy('ta.sort_order')
      .execute();
    expect(credits).toEqual([
      { name: '山田太郎', role: 'original' },
      { name: '佐藤花子', role: 'art' },
    ]);
    // The viewer's page comes from the stored original, not from demo art.
    const served = await servedPage(result.bookId!, 1);
    expect(served.width).toBe(720);
    expect(near(served.colour, GREEN)).toBe(true);
  });

  it('without ComicInfo takes the title from the file name and the volume from its trailing number', async () => {
    const file = await writeZip(at('海の記録 03.zip'), [
      { name: 'a/001.jpg', data: await pageImage(100, 140, RED) },
      { name: 'a/002.jpg', data: await pageImage(100, 140, BLUE) },
      { name: '__MACOSX/a/._001.jpg', data: 'resource fork' },
    ]);
    const result = await importBook(deps, file, { now: NOW.getTime() });
    const book = await bookRow(result.bookId!);
    expect([book.vol, book.contents_name, book.page_count, book.direction]).toEqual([3, '海の記録 3', 2, 'rtl']);
  });

  it('imports a folder of images in natural order, and the same folder again updates its book', async () => {
    const folder = writeFolder(at('森の歌 2'), [
      { name: 'page10.webp', data: await pageImage(150, 200, BLUE, 'webp') },
      { name: 'page9.jpg', data: await pageImage(140, 200, RED) },
    ]);
    const first = await importBook(deps, folder, { now: NOW.getTime() });
    expect(await pageWidths(first.bookId!)).toEqual([140, 150]);
    const again = await importBook(deps, folder, { now: NOW.getTime() });
    expect([again.action, again.bookId]).toEqual(['updated', first.bookId]);
  });
});

describe('EPUB 3 fixed layout', () => {
  it('reads a right-to-left book of XHTML pages: spread sides, metadata, file-as, creators, cover; re-import updates it', async () => {
    const pages = [
      { image: await pageImage(100, 140, RED), spread: 'left' as const },
      { image: await pageImage(100, 140, GREEN), spread: 'right' as const },
      { image: await pageImage(100, 140, BLUE), spread: 'left' as const },
      { image: await pageImage(200, 140, RED), spread: 'center' as const },
    ];
    const options = {
      identifier: 'urn:uuid:8d1c0f0e-1111-4000-8000-000000000018',
      title: '月の港 2',
      titleFileAs: 'ツキノミナト',
      creators: [
        { name: '青木一', role: 'aut', fileAs: 'アオキ ハジメ' },
        { name: '木村絵', role: 'ill' },
      ],
      publisher: '港出版',
      direction: 'rtl' as const,
      cover: await pageImage(90, 130, GREEN),
      pages,
    };
    const file = await writeEpub(at('tsuki.epub'), options);
    const result = await importBook(deps, file, { now: NOW.getTime() });
    expect(result).toMatchObject({ action: 'created', layoutType: LayoutType.FIXED, direction: 'rtl', totalPage: 4, warnings: [] });
    const book = await bookRow(result.bookId!);
    expect([book.vol, book.contents_name, book.direction, book.media_version]).toEqual([2, '月の港 2', 'rtl', 1]);
    const title = await t.database.db
      .selectFrom('titles')
      .select(['name', 'kana'])
      .where('id', '=', result.titleId!)
      .executeTakeFirstOrThrow();
    expect(title).toEqual({ name: '月の港', kana: 'ツキノミナト' });
    const authors = await t.database.db
      .selectFrom('title_authors as ta')
      .innerJoin('authors as a', 'a.id', 'ta.author_id')
      .select(['a.name', 'a.kana', 'ta.role'])
      .where('ta.title_id', '=', result.titleId!)
      .orderBy('ta.sort_order')
      .execute();
    expect(authors).toEqual([
      { name: '青木一', kana: 'アオキ ハジメ', role: 'author' },
      { name: '木村絵', kana: '', role: 'illustration' },
    ]);
    const originals = await t.database.db
      .selectFrom('book_page_originals')
      .select(['spread'])
      .where('book_id', '=', result.bookId!)
      .orderBy('page_no')
      .execute();
    expect(originals.map((o) => o.spread)).toEqual(['left', 'right', 'left', 'center']);
    const wide = await t.database.db
      .selectFrom('book_pages')
      .select('wide_flg')
      .where('book_id', '=', result.bookId!)
      .orderBy('page_no')
      .execute();
    expect(wide.map((w) => w.wide_flg)).toEqual([0, 0, 0, 1]);
    // The viewer is told each page's side, which its spread pairing follows.
    const info = await t.app.inject({ url: `/api/browser/bookinfo/v2?bookId=${result.bookId}&ac=1` });
    expect(info.statusCode).toBe(200);
    expect((info.json() as { pages_data: { pages: { side: string | null }[] } }).pages_data.pages.map((p) => p.side)).toEqual([
      'left',
      'right',
      'left',
      'center',
    ]);
    // The cover is the cover-image item, made ahead at import.
    expect(await t.app.deps.media.exists(`covers/${result.bookId}/256.webp`)).toBe(true);
    const cover = await t.app.inject({ url: `/media/covers/${result.bookId}/128.jpg` });
    expect(cover.statusCode).toBe(200);
    expect(near((await servedPage(result.bookId!, 2)).colour, BLUE)).toBe(true);

    // The same identifier again, with a page changed: the same book, new pages, a new media version.
    const before = await counts();
    const changed = await writeEpub(at('tsuki-v2.epub'), {
      ...options,
      pages: [{ image: await pageImage(100, 140, BLUE) }, ...pages.slice(1)],
    });
    const again = await importBook(deps, changed, { now: NOW.getTime() });
    expect([again.action, again.bookId, again.titleId]).toEqual(['updated', result.bookId, result.titleId]);
    expect((await bookRow(result.bookId!)).media_version).toBe(2);
    expect(near((await servedPage(result.bookId!, 0)).colour, BLUE)).toBe(true);
    expect(await counts()).toEqual(before);
  });

  it('reads a spine of image items, left to right', async () => {
    const file = await writeEpub(at('images.epub'), {
      identifier: 'isbn:9784000000018',
      title: 'Image Spine',
      direction: 'ltr',
      spine: 'images',
      pages: [{ image: await pageImage(100, 140, RED) }, { image: await pageImage(100, 140, GREEN) }],
      extraManifest: '<item id="font" href="font/missing.otf" media-type="font/otf"/>',
    });
    const result = await importBook(deps, file, { now: NOW.getTime() });
    expect(result).toMatchObject({ direction: 'ltr', totalPage: 2 });
    expect(result.warnings).toEqual(['item/font/missing.otf: listed in the manifest (font/otf) but missing from the archive']);
  });
});

describe('at the same time', () => {
  it('two imports of one new file make one book: the second updates what the first made', async () => {
    const file = await writeZip(at('twice 7.cbz'), [
      { name: '1.jpg', data: await pageImage(100, 140, RED) },
      { name: '2.jpg', data: await pageImage(100, 140, BLUE) },
    ]);
    const before = await counts();
    const results = await Promise.all([importBook(deps, file, { now: NOW.getTime() }), importBook(deps, file, { now: NOW.getTime() })]);
    expect(results.map((r) => r.action).sort()).toEqual(['created', 'updated']);
    expect(results[0]!.bookId).toBe(results[1]!.bookId);
    expect((await counts()).books).toBe(before.books + 1);
  });
});

describe('EPUB 3 reflowable Japanese text', () => {
  const xhtml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja" class="vrtl"><head><title>t</title><link rel="stylesheet" href="../style/book.css"/><style>body{color:red}</style></head><body>${body}</body></html>`;

  it('makes chapters titled by the nav document, vertical from its CSS, ruby kept, everything else sanitised away', async () => {
    const file = await writeZip(at('neko.epub'), [
      { name: 'mimetype', data: 'application/epub+zip', store: true },
      {
        name: 'META-INF/container.xml',
        data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      },
      {
        name: 'OEBPS/content.opf',
        data: `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title id="t">猫の日記</dc:title><meta refines="#t" property="file-as">ネコノニッキ</meta><dc:creator>夏目テスト</dc:creator><dc:language>ja</dc:language><dc:identifier id="uid">urn:uuid:neko-0001</dc:identifier><meta property="dcterms:modified">2026-11-25T00:00:00Z</meta></metadata>
<manifest><item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/><item id="css" href="style/book.css" media-type="text/css"/><item id="cover" href="image/cover.jpg" media-type="image/jpeg" properties="cover-image"/><item id="c0" href="text/cover.xhtml" media-type="application/xhtml+xml"/><item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine page-progression-direction="rtl"><itemref idref="c0"/><itemref idref="c1"/><itemref idref="c2"/></spine></package>`,
      },
      {
        name: 'OEBPS/nav.xhtml',
        data: xhtml(
          '<nav epub:type="toc"><ol><li><a href="text/ch1.xhtml">朝の章</a></li><li><a href="text/ch2.xhtml#top">夜の章</a></li></ol></nav>',
        ),
      },
      { name: 'OEBPS/style/book.css', data: 'html.vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }' },
      { name: 'OEBPS/image/cover.jpg', data: await pageImage(90, 130, GREEN) },
      { name: 'OEBPS/text/cover.xhtml', data: xhtml('<div><img src="../image/cover.jpg" alt=""/></div>') },
      {
        name: 'OEBPS/text/ch1.xhtml',
        data: xhtml(
          '<h1>朝の章</h1>\n<p>　<ruby>吾輩<rt>わがはい</rt></ruby>は猫である。</p>\n<p onclick="alert(1)">名前は<ruby><rb>未</rb><rp>（</rp><rt>ま</rt><rp>）</rp></ruby>だ無い。<script>alert("x")</script><a href="https://evil.example/">リンク</a><img src="https://evil.example/x.png"/></p>',
        ),
      },
      { name: 'OEBPS/text/ch2.xhtml', data: xhtml('<p id="top">夜の<span style="color:red">本文</span>&amp;続き。<br/>次の行。</p>') },
    ]);
    const result = await importBook(deps, file, { now: NOW.getTime() });
    expect(result).toMatchObject({ layoutType: LayoutType.REFLOW, direction: 'rtl', totalPage: 2 });
    // The remote image is left out; the cover page (an image, no text) is not a chapter.
    expect(result.warnings).toEqual([
      "1 image(s) inside the text are left out: only the archive's own JPEG, PNG, WebP or AVIF images are kept",
    ]);
    const book = await bookRow(result.bookId!);
    expect([book.writing_mode, book.page_count, book.sample_page_total]).toEqual(['vertical', 0, 1]);
    const chapters = await t.database.db
      .selectFrom('book_text_chapters')
      .select(['chapter_no', 'title', 'body', 'char_count'])
      .where('book_id', '=', result.bookId!)
      .orderBy('chapter_no')
      .execute();
    expect(chapters).toEqual([
      { chapter_no: 0, title: '朝の章', body: '　｜吾輩《わがはい》は猫である。\n名前は｜未《ま》だ無い。リンク', char_count: 20 },
      { chapter_no: 1, title: '夜の章', body: '夜の本文&続き。\n次の行。', char_count: 12 },
    ]);
    // The viewer's text API renders it: ruby as <ruby>, no script, no link, no handler.
    const text = await t.app.inject({ url: `/api/browser/book_text?book_id=${result.bookId}` });
    expect(text.statusCode).toBe(200);
    const html = text.json().chapters[0].html as string;
    expect(html).toBe('<p>　<ruby>吾輩<rt>わがはい</rt></ruby>は猫である。</p><p>名前は<ruby>未<rt>ま</rt></ruby>だ無い。リンク</p>');
    // The cover-image item is the cover.
    expect(await t.app.deps.media.exists(`covers/${result.bookId}/256.webp`)).toBe(true);
  });
});

describe('images inside the chapters of a text book', () => {
  const xhtml = (body: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja"><head><title>t</title></head><body>${body}</body></html>`;

  it("are kept as originals and served through the media routes under their chapter's sample rule", async () => {
    const file = await writeZip(at('sashie.epub'), [
      { name: 'mimetype', data: 'application/epub+zip', store: true },
      {
        name: 'META-INF/container.xml',
        data: '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
      },
      {
        name: 'OEBPS/content.opf',
        data: `<?xml version="1.0" encoding="UTF-8"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>挿絵の本</dc:title><dc:language>ja</dc:language><dc:identifier id="uid">urn:uuid:sashie-0001</dc:identifier></metadata>
<manifest><item id="i1" href="img/a.png" media-type="image/png"/><item id="i2" href="img/b.jpg" media-type="image/jpeg"/><item id="c1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/><item id="c2" href="text/ch2.xhtml" media-type="application/xhtml+xml"/></manifest>
<spine><itemref idref="c1"/><itemref idref="c2"/></spine></package>`,
      },
      {
        name: 'OEBPS/img/a.png',
        data: await sharp({ create: { width: 300, height: 400, channels: 3, background: RED } })
          .png()
          .toBuffer(),
      },
      { name: 'OEBPS/img/b.jpg', data: await pageImage(400, 300, BLUE) },
      {
        name: 'OEBPS/text/ch1.xhtml',
        data: xhtml(
          '<h1>一</h1><p>前の文。</p><p><img src="../img/a.png" alt="赤" onerror="alert(1)"/></p><p>後の文。</p><img src="../img/missing.png"/>',
        ),
      },
      { name: 'OEBPS/text/ch2.xhtml', data: xhtml('<h1>二</h1><p>［＃挿絵0］</p><div><img src="../img/b.jpg"/></div><p>終わり。</p>') },
    ]);
    const result = await importBook(deps, file, { now: NOW.getTime() });
    expect(result.warnings).toEqual([
      "1 image(s) inside the text are left out: only the archive's own JPEG, PNG, WebP or AVIF images are kept",
    ]);
    const bookId = result.bookId!;
    const images = await t.database.db
      .selectFrom('book_text_images')
      .select(['image_no', 'chapter_no', 'width', 'height'])
      .where('book_id', '=', bookId)
      .orderBy('image_no')
      .execute();
    expect(images).toEqual([
      { image_no: 0, chapter_no: 0, width: 300, height: 400 },
      { image_no: 1, chapter_no: 1, width: 400, height: 300 },
    ]);
    const chapters = await t.database.db
      .selectFrom('book_text_chapters')
      .select(['body', 'char_count'])
      .where('book_id', '=', bookId)
      .orderBy('chapter_no')
      .execute();
    expect(chapters[0]).toEqual({ body: '前の文。\n［＃挿絵0］\n後の文。', char_count: 8 });

    // A guest reads the sample (chapter 0): its image is an <img> with a signed URL, the text around it kept.
    const guest = await t.app.inject({ url: `/api/browser/book_text?book_id=${bookId}` });
    const [first, second] = guest.json().chapters as { html: string | null }[];
    expect(first!.html).toMatch(
      new RegExp(
        `^<p>前の文。</p><figure><img src="/media/figures/${bookId}/0/1080\\.webp\\?v=\\d+&amp;e=\\d+&amp;g=s&amp;s=[\\w-]+" srcset="[^"]+ 720w, [^"]+ 1080w" width="300" height="400" alt="" loading="eager" decoding="async"></figure><p>後の文。</p>$`,
      ),
    );
    expect(second!.html).toBeNull();
    const src = /src="([^"]+)"/.exec(first!.html!)![1]!.replaceAll('&amp;', '&');
    const served = await t.app.inject({ url: src });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([1080, 1440]);
    const small = await t.app.inject({ url: src.replace('/1080.webp', '/720.jpg') });
    expect([small.statusCode, small.headers['content-type']]).toEqual([200, 'image/jpeg']);

    // Chapter 1's image is not in the sample: a sample grant is refused even when correctly signed,
    // an altered signature and another book's number too.
    const { signFigureQuery } = await import('../src/media/signed-urls');
    const sampleOfSecond = signFigureQuery('test-media-key', bookId, 1, { kind: 'sample' }, NOW.getTime() + 60_000);
    expect((await t.app.inject({ url: `/media/figures/${bookId}/1/720.webp?${sampleOfSecond}` })).statusCode).toBe(403);
    expect((await t.app.inject({ url: src.replace('/figures/' + bookId + '/0/', '/figures/' + bookId + '/1/') })).statusCode).toBe(403);
    expect((await t.app.inject({ url: src.replace(/s=[\w-]+$/, 's=' + 'A'.repeat(32)) })).statusCode).toBe(403);
    const noSuch = signFigureQuery('test-media-key', bookId, 7, { kind: 'sample' }, NOW.getTime() + 60_000);
    expect((await t.app.inject({ url: `/media/figures/${bookId}/7/720.webp?${noSuch}` })).statusCode).toBe(404);
    // A page URL's signature does not open a figure.
    const pageQuery = signPageQuery('test-media-key', bookId, 0, { kind: 'sample' }, NOW.getTime() + 60_000);
    expect((await t.app.inject({ url: `/media/figures/${bookId}/0/720.webp?${pageQuery}` })).statusCode).toBe(403);

    // Free now, anyone reads every chapter: chapter 1 shows its own image, and the literal ［＃挿絵0］
    // text in it does not pull chapter 0's image in.
    await t.database.db.updateTable('books').set({ free_flg: 1 }).where('id', '=', bookId).execute();
    // As an editor's change would: the store is told, so no process keeps the book's old price.
    await recordChange(t.database.db, 'catalog');
    await t.app.deps.changes.check();
    const free = await t.app.inject({ url: `/api/browser/book_text?book_id=${bookId}` });
    const html = (free.json().chapters as { html: string }[])[1]!.html;
    expect(html).toContain(`/media/figures/${bookId}/1/1080.webp?`);
    expect(html).not.toContain(`/media/figures/${bookId}/0/`);
    expect(html).toContain('g=f');
    const freeSrc = /src="([^"]+)"/.exec(html)![1]!.replaceAll('&amp;', '&');
    const freeServed = await t.app.inject({ url: freeSrc });
    expect(freeServed.statusCode).toBe(200);
    expect((await sharp(freeServed.rawPayload).metadata()).width).toBe(1080);
    await t.database.db.updateTable('books').set({ free_flg: 0 }).where('id', '=', bookId).execute();
    await recordChange(t.database.db, 'catalog');
    await t.app.deps.changes.check();
    // Once no longer free, the free grant's URL stops working.
    expect((await t.app.inject({ url: freeSrc })).statusCode).toBe(403);
  });
});

describe('broken input is refused whole, naming the file and the entry', () => {
  async function refused(file: string, message: RegExp) {
    const before = await counts();
    const error = await importBook(deps, file, { now: NOW.getTime() }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportError);
    expect((error as ImportError).message).toMatch(message);
    expect((error as ImportError).message.startsWith(file)).toBe(true);
    expect(await counts()).toEqual(before);
  }

  it('not a ZIP', async () => {
    writeFileSync(at('not.cbz'), 'this is plain text, not an archive');
    await refused(at('not.cbz'), /not a ZIP archive/);
  });

  it('a spine item missing from the archive', async () => {
    const file = await writeEpub(at('missing.epub'), {
      identifier: 'urn:missing',
      pages: [{ image: await pageImage(100, 140, RED) }, { image: await pageImage(100, 140, RED) }],
      omit: ['item/xhtml/p-002.xhtml'],
    });
    await refused(file, /item\/xhtml\/p-002\.xhtml: spine item missing from the archive/);
  });

  it('an undecodable image', async () => {
    const good = await pageImage(100, 140, RED);
    const file = await writeZip(at('broken-image.cbz'), [
      { name: '01.jpg', data: good },
      { name: '02.jpg', data: good.subarray(0, 200) },
    ]);
    await refused(file, /02\.jpg: not a decodable image/);
  });

  it('a path escaping the archive', async () => {
    const zip = await zipBuffer([
      { name: '01.jpg', data: await pageImage(100, 140, RED) },
      { name: 'XX/evil.jpg', data: await pageImage(100, 140, RED) },
    ]);
    // yazl refuses to write such a name; the bytes are patched as an attacker would.
    const patched = Buffer.from(zip.toString('latin1').replaceAll('XX/evil.jpg', '../evil.jpg'), 'latin1');
    writeFileSync(at('escape.cbz'), patched);
    await refused(at('escape.cbz'), /\.\.\/evil\.jpg: the path escapes the archive/);
  });

  it('a ZIP bomb: more than 20,000 entries', async () => {
    const zip = await zipBuffer([{ name: '01.jpg', data: await pageImage(100, 140, RED) }]);
    // The end-of-central-directory record declares 20,001 entries (on this disk at +8, in all at +10).
    const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    zip.writeUInt16LE(20_001, end + 8);
    zip.writeUInt16LE(20_001, end + 10);
    writeFileSync(at('many.cbz'), zip);
    await refused(at('many.cbz'), /20001 entries, more than the 20000 allowed/);
  });

  it('one entry declaring more than 256 MiB (each entry is read into memory alone)', async () => {
    const zip = await zipBuffer([{ name: 'big.jpg', data: await pageImage(100, 140, RED) }]);
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(300 * 1024 ** 2, central + 24);
    writeFileSync(at('big.cbz'), zip);
    await refused(at('big.cbz'), /big\.jpg: larger than 256 MiB unpacked/);
  });

  it('a ZIP bomb: more than 2 GiB uncompressed', async () => {
    const zip = await zipBuffer([{ name: 'huge.jpg', data: await pageImage(100, 140, RED) }]);
    // The central directory declares 3 GiB for the entry (uncompressed size at offset 24).
    const central = zip.indexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    zip.writeUInt32LE(3 * 1024 ** 3, central + 24);
    writeFileSync(at('bomb.cbz'), zip);
    await refused(at('bomb.cbz'), /huge\.jpg: unpacks to more than 2 GiB/);
  });
});
