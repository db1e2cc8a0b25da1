import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import yazl from 'yazl';
import { fixedMangaWithColophon, scrolledImageBook, writeBookFile } from './publisher-epubs';
import { epub2Book, horizontalTechText, japaneseNamedNovel } from './publisher-text-epubs';

/** Test books built in the test: small solid-colour pages, ZIPs written with yazl, EPUBs by hand. */
export interface Rgb {
  r: number;
  g: number;
  b: number;
}

export async function pageImage(width: number, height: number, colour: Rgb, format: 'jpeg' | 'png' | 'webp' = 'jpeg'): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: colour } });
  return format === 'png' ? image.png().toBuffer() : format === 'webp' ? image.webp().toBuffer() : image.jpeg({ quality: 90 }).toBuffer();
}

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored without compression (an EPUB's `mimetype` must be). */
  store?: boolean;
}

export function zipBuffer(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const e of entries)
    zip.addBuffer(Buffer.isBuffer(e.data) ? e.data : Buffer.from(e.data), e.name, { compress: !e.store, mtime: new Date(0) });
  zip.end();
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    zip.outputStream
      .on('data', (c: Buffer) => chunks.push(c))
      .on('error', reject)
      .on('end', () => resolve(Buffer.concat(chunks)));
  });
}

export async function writeZip(file: string, entries: ZipEntry[]): Promise<string> {
  writeFileSync(file, await zipBuffer(entries));
  return file;
}

export function writeFolder(folder: string, files: { name: string; data: Buffer | string }[]): string {
  for (const f of files) {
    const file = path.join(folder, ...f.name.split('/'));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, f.data);
  }
  return folder;
}

export const comicInfo = (fields: Record<string, string | number>): string =>
  `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${Object.entries(fields)
    .map(([k, v]) => `  <${k}>${v}</${k}>`)
    .join('\n')}\n</ComicInfo>\n`;

export interface EpubPage {
  image: Buffer;
  /** page-spread-left / right / center. */
  spread?: 'left' | 'right' | 'center';
}

export interface EpubOptions {
  identifier?: string;
  title?: string;
  titleFileAs?: string;
  creators?: { name: string; role?: string; fileAs?: string }[];
  publisher?: string;
  direction?: 'rtl' | 'ltr';
  /** XHTML pages wrapping each image (default) or the images themselves in the spine. */
  spine?: 'xhtml' | 'images';
  layout?: 'pre-paginated' | 'reflowable';
  cover?: Buffer;
  pages: EpubPage[];
  /** Leave these entries out of the archive (broken-file tests). */
  omit?: string[];
  extraManifest?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** An EPUB 3 fixed-layout book of image pages. */
export function epubEntries(o: EpubOptions): ZipEntry[] {
  const spine = o.spine ?? 'xhtml';
  const entries: ZipEntry[] = [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="item/standard.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`,
    },
  ];
  const manifest: string[] = [];
  const itemrefs: string[] = [];
  o.pages.forEach((page, i) => {
    const n = String(i + 1).padStart(3, '0');
    entries.push({ name: `item/image/p${n}.jpg`, data: page.image });
    manifest.push(`<item id="img${n}" href="image/p${n}.jpg" media-type="image/jpeg"/>`);
    const spread = page.spread ? ` properties="page-spread-${page.spread}"` : '';
    if (spine === 'images') {
      itemrefs.push(`<itemref idref="img${n}"${spread}/>`);
    } else {
      entries.push({
        name: `item/xhtml/p-${n}.xhtml`,
        data: `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xmlns:xlink="http://www.w3.org/1999/xlink"><head><meta name="viewport" content="width=100, height=140"/><title>p${n}</title></head><body><div class="main"><svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="100%" height="100%" viewBox="0 0 100 140"><image width="100" height="140" xlink:href="../image/p${n}.jpg"/></svg></div></body></html>`,
      });
      manifest.push(`<item id="p-${n}" href="xhtml/p-${n}.xhtml" media-type="application/xhtml+xml" properties="svg"/>`);
      itemrefs.push(`<itemref idref="p-${n}" linear="yes"${spread}/>`);
    }
  });
  if (o.cover) {
    entries.push({ name: 'item/image/cover.jpg', data: o.cover });
    manifest.push(`<item id="cover" href="image/cover.jpg" media-type="image/jpeg" properties="cover-image"/>`);
  }
  const creators = (o.creators ?? []).map(
    (c, i) =>
      `<dc:creator id="creator${i}">${esc(c.name)}</dc:creator>` +
      (c.role ? `<meta refines="#creator${i}" property="role" scheme="marc:relators">${c.role}</meta>` : '') +
      (c.fileAs ? `<meta refines="#creator${i}" property="file-as">${esc(c.fileAs)}</meta>` : ''),
  );
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" xml:lang="ja" unique-identifier="unique-id" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title id="title">${esc(o.title ?? 'テスト漫画 1')}</dc:title>
${o.titleFileAs ? `<meta refines="#title" property="file-as">${esc(o.titleFileAs)}</meta>` : ''}
${creators.join('\n')}
${o.publisher ? `<dc:publisher>${esc(o.publisher)}</dc:publisher>` : ''}
<dc:language>ja</dc:language>
<dc:identifier id="unique-id">${esc(o.identifier ?? 'urn:uuid:00000000-0000-4000-8000-000000000001')}</dc:identifier>
<meta property="dcterms:modified">2026-11-25T00:00:00Z</meta>
<meta property="rendition:layout">${o.layout ?? 'pre-paginated'}</meta>
<meta property="rendition:spread">landscape</meta>
</metadata>
<manifest>
<item id="nav" href="navigation-documents.xhtml" media-type="application/xhtml+xml" properties="nav"/>
${manifest.join('\n')}
${o.extraManifest ?? ''}
</manifest>
<spine page-progression-direction="${o.direction ?? 'rtl'}">
${itemrefs.join('\n')}
</spine>
</package>`;
  entries.push({ name: 'item/standard.opf', data: opf });
  entries.push({
    name: 'item/navigation-documents.xhtml',
    data: `<?xml version="1.0" encoding="UTF-8"?><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>nav</title></head><body><nav epub:type="toc"><ol><li><a href="xhtml/p-001.xhtml">表紙</a></li></ol></nav></body></html>`,
  });
  const omit = new Set(o.omit ?? []);
  return entries.filter((e) => !omit.has(e.name));
}

export const writeEpub = (file: string, o: EpubOptions) => writeZip(file, epubEntries(o));

/** The colours of the publisher-shaped books' images (`writePublisherBooks`), to tell them apart when served. */
export const PUBLISHER_COLOURS = {
  cover: { r: 200, g: 60, b: 40 },
  page: { r: 40, g: 90, b: 200 },
  scroll: { r: 60, g: 160, b: 80 },
  figure: { r: 150, g: 60, b: 170 },
} as const;

export const COLOPHON = {
  heading: '月の港　第1巻',
  lines: [
    '2026年12月6日　初版発行',
    '著者　青木一',
    '発行者　港太郎',
    '発行所　株式会社港出版',
    '〒100-0001　東京都千代田区千代田1-1',
    '本書の無断複製は著作権法上での例外を除き禁じられています。',
  ],
};

/** Which publisher-shaped book `writePublisherBooks` wrote where. */
export interface PublisherBooks {
  /** A fixed-layout right-to-left manga: cover, 4 pages, an XHTML colophon page; a nav with page numbers. */
  manga: string;
  /** The same manga saying `rendition:spread none` (another identifier). */
  mangaNoSpreads: string;
  /** A scrolled vertical manga (tall images) with a text page after the last image. */
  webtoon: string;
  /** A horizontally scrolled right-to-left picture scroll (wide images) with a vertical text page after it. */
  pictureScroll: string;
  /** A horizontal technical text: headings, lists, a table, figures, in nested folders. */
  techText: string;
  /** A vertical novel whose files have Japanese names, in a ZIP without the UTF-8 flag. */
  namedNovel: string;
  /** An EPUB 2 book: OPF 2.0, an NCX, `<meta name="cover">`. */
  epub2: string;
}

/** Writes one book of each kind real Japanese publishers ship (`publisher-epubs.ts`) into `dir`. */
export async function writePublisherBooks(dir: string): Promise<PublisherBooks> {
  const c = PUBLISHER_COLOURS;
  const size = { width: 100, height: 141 };
  const page = await pageImage(size.width, size.height, c.page);
  const cover = await pageImage(size.width, size.height, c.cover);
  const manga = {
    title: '月の港 1',
    author: '青木一',
    publisher: '港出版',
    cover,
    pages: [page, page, page, page],
    size,
    colophon: COLOPHON,
    toc: [
      { text: '表紙', page: 0 },
      { text: '第1話', page: 1 },
      { text: '第2話', page: 3 },
      { text: '奥付', page: 5 },
    ],
  };
  const at = (name: string) => path.join(dir, name);
  const prose = Array.from({ length: 3 }, () => '横書きの本文は左から右へ、上から下へと読み進めます。'.repeat(4));
  return {
    manga: await writeBookFile(
      at('tsuki-no-minato-1.epub'),
      fixedMangaWithColophon({ ...manga, identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000001' }),
    ),
    mangaNoSpreads: await writeBookFile(
      at('tsuki-no-minato-1-single.epub'),
      fixedMangaWithColophon({
        ...manga,
        title: '月の港 単頁版 1',
        identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000002',
        spread: 'none',
      }),
    ),
    webtoon: await writeBookFile(
      at('tate-no-monogatari.epub'),
      scrolledImageBook({
        identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000003',
        title: '縦の物語',
        author: '縦山',
        direction: 'rtl',
        pages: [await pageImage(80, 400, c.scroll), await pageImage(80, 400, c.page)],
        after: { heading: 'あとがき', lines: ['最後まで読んでくださり、ありがとうございました。'] },
      }),
    ),
    pictureScroll: await writeBookFile(
      at('choju-emaki.epub'),
      scrolledImageBook({
        identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000004',
        title: '鳥獣絵巻',
        author: '絵巻師',
        direction: 'rtl',
        pages: [await pageImage(400, 100, c.scroll), await pageImage(300, 100, c.page)],
        after: { heading: '解説', lines: ['この絵巻は右から左へ、ひと続きに読みます。'], vertical: true },
      }),
    ),
    techText: await writeBookFile(
      at('web-de-hon.epub'),
      horizontalTechText({
        identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000005',
        title: 'ウェブで本を読む',
        author: '技術太郎',
        cover,
        figures: [await pageImage(300, 200, c.figure, 'png'), await pageImage(300, 200, c.scroll, 'png')],
        prose,
      }),
    ),
    namedNovel: await writeNamedNovel(at('namae-no-hon.epub'), { identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000006' }),
    epub2: await writeBookFile(
      at('furui-katachi.epub'),
      epub2Book({
        identifier: 'urn:uuid:5f1c2a3e-0035-4000-8000-000000000007',
        title: '古い形式の本',
        author: '旧野作',
        authorFileAs: 'キュウノ サク',
        cover,
        chapters: [
          { title: '第一章', paragraphs: ['一章の本文。'] },
          { title: '第二章', paragraphs: ['二章の本文。'] },
        ],
      }),
    ),
  };
}

/**
 * The vertical novel with Japanese file names (`japaneseNamedNovel`), in a ZIP without the UTF-8
 * flag; `nfd`: its entry names decomposed, as a macOS archiver writes them (not valid EPUB, whose
 * names are NFC; the manifest's hrefs stay composed).
 */
export async function writeNamedNovel(file: string, o: { identifier: string; nfd?: boolean }): Promise<string> {
  const entries = japaneseNamedNovel({
    identifier: o.identifier,
    title: '名前の本',
    author: '名取作',
    cover: await pageImage(100, 141, PUBLISHER_COLOURS.cover),
    chapters: [
      { file: '一', title: '一　はじまり', paragraphs: ['<ruby>吾輩<rt>わがはい</rt></ruby>は猫である。'] },
      { file: '二', title: '二　おわり', paragraphs: ['名前はまだ無い。'] },
      { file: 'ごあいさつ', title: 'ごあいさつ', paragraphs: ['読んでくださってありがとう。'] },
    ],
  });
  return writeBookFile(file, o.nfd ? entries.map((e) => ({ ...e, name: e.name.normalize('NFD') })) : entries, { utf8Flag: false });
}
