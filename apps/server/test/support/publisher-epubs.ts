import { writeFileSync } from 'node:fs';
import yazl from 'yazl';

/** An archive entry; `store`: kept uncompressed (an EPUB's `mimetype` must be). */
export interface ZipEntry {
  name: string;
  data: Buffer | string;
  store?: boolean;
}

function zipBuffer(entries: ZipEntry[]): Promise<Buffer> {
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

/**
 * EPUB files shaped like Japanese publishers' own (the 電書協 / EBPAJ layout for fixed-layout
 * manga, scrolled image books; the text books are in `publisher-text-epubs.ts`), built by the
 * tests from images they make, and valid as `epubcheck` checks them (`epubcheck.test.ts`). The
 * server tests and the journeys (`e2e/journeys/import-publishers.test.ts`) both build their books
 * here.
 */

export const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const CONTAINER = (opf: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="${opf}" media-type="application/oebps-package+xml"/></rootfiles></container>\n`;

/** An EPUB's entries: `mimetype` first and stored, the container naming the package document. */
export function epub(opf: string, files: ZipEntry[]): ZipEntry[] {
  return [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    { name: 'META-INF/container.xml', data: CONTAINER(opf) },
    ...files,
  ];
}

interface XhtmlOptions {
  title: string;
  body: string;
  css?: string[];
  viewport?: { width: number; height: number };
  htmlClass?: string;
  bodyType?: string;
}

/** An EPUB 3 content document. */
export function xhtml3(o: XhtmlOptions): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja" lang="ja"${o.htmlClass ? ` class="${o.htmlClass}"` : ''}>
<head>
<meta charset="UTF-8"/>
<title>${esc(o.title)}</title>
${(o.css ?? []).map((href) => `<link rel="stylesheet" type="text/css" href="${href}"/>`).join('\n')}
${o.viewport ? `<meta name="viewport" content="width=${o.viewport.width}, height=${o.viewport.height}"/>` : ''}
</head>
<body${o.bodyType ? ` epub:type="${o.bodyType}"` : ''}>
${o.body}
</body>
</html>
`;
}

interface NavEntry {
  href: string;
  text: string;
}

export const navDocument = (title: string, toc: NavEntry[], css?: string) =>
  xhtml3({
    title,
    css: css ? [css] : [],
    body: `<nav epub:type="toc" id="toc"><h1>目次</h1><ol>${toc.map((e) => `<li><a href="${e.href}">${esc(e.text)}</a></li>`).join('')}</ol></nav>`,
  });

interface PackageOptions {
  identifier: string;
  title: string;
  titleFileAs?: string;
  author: string;
  publisher?: string;
  meta?: string[];
  manifest: string[];
  spine: string[];
  direction?: 'rtl' | 'ltr';
}

/** An EPUB 3 package document. */
export function opf3(o: PackageOptions): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" xml:lang="ja" unique-identifier="unique-id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title id="title">${esc(o.title)}</dc:title>
${o.titleFileAs ? `<meta refines="#title" property="file-as">${esc(o.titleFileAs)}</meta>` : ''}
<dc:creator id="creator01">${esc(o.author)}</dc:creator>
<meta refines="#creator01" property="role" scheme="marc:relators">aut</meta>
${o.publisher ? `<dc:publisher>${esc(o.publisher)}</dc:publisher>` : ''}
<dc:language>ja</dc:language>
<dc:identifier id="unique-id">${esc(o.identifier)}</dc:identifier>
<meta property="dcterms:modified">2026-12-06T00:00:00Z</meta>
${(o.meta ?? []).join('\n')}
</metadata>
<manifest>
${o.manifest.join('\n')}
</manifest>
<spine${o.direction ? ` page-progression-direction="${o.direction}"` : ''}>
${o.spine.join('\n')}
</spine>
</package>
`;
}

const svgPage = (image: string, size: { width: number; height: number }) =>
  `<div class="main"><svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="100%" height="100%" viewBox="0 0 ${size.width} ${size.height}"><image width="${size.width}" height="${size.height}" xlink:href="${image}"/></svg></div>`;

/** The 電書協 style sheet: the writing is chosen by the html element's class (`vrtl` or `hltr`). */
const BOOK_STYLE = `@charset "UTF-8";
html.vrtl { -epub-writing-mode: vertical-rl; -webkit-writing-mode: vertical-rl; writing-mode: vertical-rl; }
html.hltr { -epub-writing-mode: horizontal-tb; -webkit-writing-mode: horizontal-tb; writing-mode: horizontal-tb; }
body { margin: 0; padding: 0; }
`;

export interface ColophonText {
  heading: string;
  lines: string[];
}

export interface FixedMangaOptions {
  identifier: string;
  title: string;
  author: string;
  publisher: string;
  /** The cover (page 1, also the `cover-image`), then the pages, each `size` pixels. */
  cover: Buffer;
  pages: Buffer[];
  size: { width: number; height: number };
  colophon: ColophonText;
  /** The table of contents: a label and the 0-based page it points at (the colophon is the last page). */
  toc: { text: string; page: number }[];
  /** `rendition:spread`: landscape (default) or none (never shown as spreads). */
  spread?: 'landscape' | 'none';
}

/**
 * A fixed-layout right-to-left manga as Japanese publishers ship it (the 電書協 layout under
 * `item/`): a cover page and image pages wrapping their JPEG in SVG, page-spread sides on the
 * spine, and a last page of horizontal text, the colophon (奥付), with its own viewport.
 */
export function fixedMangaWithColophon(o: FixedMangaOptions): ZipEntry[] {
  const files: ZipEntry[] = [
    { name: 'item/style/book-style.css', data: BOOK_STYLE },
    { name: 'item/image/cover.jpg', data: o.cover },
  ];
  const manifest = [
    '<item id="toc" href="navigation-documents.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="book-style" href="style/book-style.css" media-type="text/css"/>',
    '<item id="cover" href="image/cover.jpg" media-type="image/jpeg" properties="cover-image"/>',
    '<item id="p-cover" href="xhtml/p-cover.xhtml" media-type="application/xhtml+xml" properties="svg"/>',
  ];
  const docs = ['p-cover.xhtml'];
  files.push({
    name: 'item/xhtml/p-cover.xhtml',
    data: xhtml3({ title: o.title, viewport: o.size, bodyType: 'cover', body: svgPage('../image/cover.jpg', o.size) }),
  });
  const spine = ['<itemref linear="yes" idref="p-cover" properties="rendition:page-spread-center"/>'];
  o.pages.forEach((image, i) => {
    const n = String(i + 1).padStart(3, '0');
    files.push({ name: `item/image/i-${n}.jpg`, data: image });
    files.push({
      name: `item/xhtml/p-${n}.xhtml`,
      data: xhtml3({ title: o.title, viewport: o.size, body: svgPage(`../image/i-${n}.jpg`, o.size) }),
    });
    manifest.push(
      `<item id="i-${n}" href="image/i-${n}.jpg" media-type="image/jpeg"/>`,
      `<item id="p-${n}" href="xhtml/p-${n}.xhtml" media-type="application/xhtml+xml" properties="svg"/>`,
    );
    // Right to left: the first page after the cover is on the right.
    spine.push(`<itemref linear="yes" idref="p-${n}" properties="page-spread-${i % 2 === 0 ? 'right' : 'left'}"/>`);
    docs.push(`p-${n}.xhtml`);
  });
  const colophon = `<div class="colophon"><h1>${esc(o.colophon.heading)}</h1>${o.colophon.lines.map((l) => `<p>${esc(l)}</p>`).join('')}</div>`;
  files.push({
    name: 'item/xhtml/p-colophon.xhtml',
    data: xhtml3({
      title: o.title,
      viewport: o.size,
      htmlClass: 'hltr',
      css: ['../style/book-style.css'],
      bodyType: 'backmatter',
      body: colophon,
    }),
  });
  manifest.push('<item id="p-colophon" href="xhtml/p-colophon.xhtml" media-type="application/xhtml+xml"/>');
  spine.push(`<itemref linear="yes" idref="p-colophon" properties="page-spread-${o.pages.length % 2 === 0 ? 'right' : 'left'}"/>`);
  docs.push('p-colophon.xhtml');
  files.push({
    name: 'item/navigation-documents.xhtml',
    data: navDocument(
      o.title,
      o.toc.map((e) => ({ href: `xhtml/${docs[e.page]}`, text: e.text })),
    ),
  });
  files.push({
    name: 'item/standard.opf',
    data: opf3({
      identifier: o.identifier,
      title: o.title,
      author: o.author,
      publisher: o.publisher,
      meta: [
        '<meta property="rendition:layout">pre-paginated</meta>',
        `<meta property="rendition:spread">${o.spread ?? 'landscape'}</meta>`,
      ],
      manifest,
      spine,
      direction: 'rtl',
    }),
  });
  return epub('item/standard.opf', files);
}

export interface ScrolledOptions {
  identifier: string;
  title: string;
  author: string;
  direction: 'rtl' | 'ltr';
  pages: Buffer[];
  /** A text page after the last image (a readme, an afterword), and its writing. */
  after?: ColophonText & { vertical?: boolean };
}

/**
 * A scrolled image book (`rendition:flow` scrolled-continuous): one XHTML document per image, as
 * webtoons (tall images) and picture scrolls 絵巻物 (wide images) are shipped, with an optional
 * text page after the last image.
 */
export function scrolledImageBook(o: ScrolledOptions): ZipEntry[] {
  const css =
    'body { margin: 0; } img { display: block; width: 100%; }\nhtml.vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }\n';
  const files: ZipEntry[] = [{ name: 'OEBPS/style/scroll.css', data: css }];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="style/scroll.css" media-type="text/css"/>',
  ];
  const spine: string[] = [];
  const toc: NavEntry[] = [];
  o.pages.forEach((image, i) => {
    const n = String(i + 1).padStart(3, '0');
    files.push({ name: `OEBPS/image/${n}.jpg`, data: image });
    files.push({
      name: `OEBPS/xhtml/${n}.xhtml`,
      data: xhtml3({
        title: `${o.title} ${i + 1}`,
        css: ['../style/scroll.css'],
        body: `<div><img src="../image/${n}.jpg" alt=""/></div>`,
      }),
    });
    manifest.push(
      `<item id="img-${n}" href="image/${n}.jpg" media-type="image/jpeg"${i === 0 ? ' properties="cover-image"' : ''}/>`,
      `<item id="x-${n}" href="xhtml/${n}.xhtml" media-type="application/xhtml+xml"/>`,
    );
    spine.push(`<itemref idref="x-${n}"/>`);
  });
  toc.push({ href: 'xhtml/001.xhtml', text: o.title });
  if (o.after) {
    const body = `<h1>${esc(o.after.heading)}</h1>${o.after.lines.map((l) => `<p>${esc(l)}</p>`).join('')}`;
    files.push({
      name: 'OEBPS/xhtml/after.xhtml',
      data: xhtml3({ title: o.after.heading, css: ['../style/scroll.css'], htmlClass: o.after.vertical ? 'vrtl' : undefined, body }),
    });
    manifest.push('<item id="after" href="xhtml/after.xhtml" media-type="application/xhtml+xml"/>');
    spine.push('<itemref idref="after"/>');
    toc.push({ href: 'xhtml/after.xhtml', text: o.after.heading });
  }
  files.push({ name: 'OEBPS/nav.xhtml', data: navDocument(o.title, toc) });
  files.push({
    name: 'OEBPS/content.opf',
    data: opf3({
      identifier: o.identifier,
      title: o.title,
      author: o.author,
      meta: ['<meta property="rendition:flow">scrolled-continuous</meta>'],
      manifest,
      spine,
      direction: o.direction,
    }),
  });
  return epub('OEBPS/content.opf', files);
}

/**
 * A ZIP as tools that omit the language-encoding flag write it: bit 11 (UTF-8 names) cleared in
 * every local header and central directory record; the names stay UTF-8 bytes.
 */
export function withoutUtf8Flag(zip: Buffer): Buffer {
  const out = Buffer.from(zip);
  const eocd = out.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = out.readUInt16LE(eocd + 10);
  let at = out.readUInt32LE(eocd + 16);
  for (let i = 0; i < count; i++) {
    out.writeUInt16LE(out.readUInt16LE(at + 8) & ~0x0800, at + 8);
    const local = out.readUInt32LE(at + 42);
    out.writeUInt16LE(out.readUInt16LE(local + 6) & ~0x0800, local + 6);
    at += 46 + out.readUInt16LE(at + 28) + out.readUInt16LE(at + 30) + out.readUInt16LE(at + 32);
  }
  return out;
}

/** Writes a book's entries as an EPUB file (without the UTF-8 flag when asked). */
export async function writeBookFile(file: string, entries: ZipEntry[], o: { utf8Flag?: boolean } = {}): Promise<string> {
  const zip = await zipBuffer(entries);
  writeFileSync(file, o.utf8Flag === false ? withoutUtf8Flag(zip) : zip);
  return file;
}
