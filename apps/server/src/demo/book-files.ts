import { crc32 } from 'node:zlib';

/**
 * The demo's book files as a publisher would hand them over: a CBZ (images and ComicInfo.xml)
 * and an EPUB 3 reflowable vertical text book with ruby. Entries are stored, not deflated:
 * JPEG pages gain nothing from it, and an EPUB's `mimetype` must be stored.
 */
export interface FileEntry {
  name: string;
  data: Buffer | string;
}

/** A ZIP archive of stored entries (UTF-8 names, no data descriptors). */
export function zipArchive(entries: readonly FileEntry[]): Buffer {
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  // 1980-01-01 00:00 in DOS time: the same entries always give the same bytes.
  const dosTime = 0;
  const dosDate = (0 << 9) | (1 << 5) | 1;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt16LE(0, 8);
    local.writeUInt16LE(dosTime, 10);
    local.writeUInt16LE(dosDate, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const header = Buffer.alloc(46);
    header.writeUInt32LE(0x02014b50, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(20, 6);
    header.writeUInt16LE(0x0800, 8);
    header.writeUInt16LE(0, 10);
    header.writeUInt16LE(dosTime, 12);
    header.writeUInt16LE(dosDate, 14);
    header.writeUInt32LE(crc, 16);
    header.writeUInt32LE(data.length, 20);
    header.writeUInt32LE(data.length, 24);
    header.writeUInt16LE(name.length, 28);
    header.writeUInt32LE(offset, 42);
    central.push(header, name);
    parts.push(local, name, data);
    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export interface ComicBook {
  series: string;
  number: number;
  title: string;
  summary: string;
  writers: string[];
  publisher: string | null;
  direction: 'rtl' | 'ltr';
  /** JPEG pages in reading order. */
  pages: Buffer[];
}

/** A CBZ: `p001.jpg`… and a ComicInfo.xml naming the series, volume, credits and direction. */
export function cbzFile(book: ComicBook): Buffer {
  const fields: [string, string | number | null][] = [
    ['Series', book.series],
    ['Number', book.number],
    ['Title', book.title],
    ['Summary', book.summary],
    ['Writer', book.writers.join(', ')],
    ['Publisher', book.publisher],
    ['LanguageISO', 'ja'],
    ['Manga', book.direction === 'rtl' ? 'YesAndRightToLeft' : 'No'],
    ['PageCount', book.pages.length],
  ];
  const info = `<?xml version="1.0" encoding="utf-8"?>\n<ComicInfo xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${fields
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `  <${k}>${xml(String(v))}</${k}>`)
    .join('\n')}\n</ComicInfo>\n`;
  return zipArchive([
    ...book.pages.map((data, i) => ({ name: `p${String(i + 1).padStart(3, '0')}.jpg`, data })),
    { name: 'ComicInfo.xml', data: info },
  ]);
}

export interface TextBook {
  identifier: string;
  title: string;
  authors: string[];
  publisher: string | null;
  description: string;
  direction: 'rtl' | 'ltr';
  /** A JPEG cover. */
  cover: Buffer;
  /** Chapters in the viewer's text format: a paragraph a line, ruby as `｜親字《よみ》`. */
  chapters: { title: string; body: string }[];
}

/** `｜親字《よみ》` (and `親字《よみ》` after kanji) as XHTML ruby. */
export const aozoraToXhtml = (line: string): string =>
  xml(line)
    .replace(/｜([^《｜]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>')
    .replace(/([\u4e00-\u9fff々〆ヶ]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>');

const xhtmlPage = (title: string, body: string, css = 'style/book.css') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja"><head><meta charset="UTF-8"/><title>${xml(title)}</title><link rel="stylesheet" type="text/css" href="${css}"/></head><body>${body}</body></html>\n`;

/** An EPUB 3 reflowable book written vertically (`writing-mode: vertical-rl`), a chapter a document. */
export function epubFile(book: TextBook): Buffer {
  const chapters = book.chapters.map((c, i) => ({
    id: `c${String(i + 1).padStart(3, '0')}`,
    href: `text/c${String(i + 1).padStart(3, '0')}.xhtml`,
    ...c,
  }));
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" xml:lang="ja" unique-identifier="unique-id" prefix="rendition: http://www.idpf.org/vocab/rendition/#">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title id="title">${xml(book.title)}</dc:title>
${book.authors.map((a, i) => `<dc:creator id="creator${i}">${xml(a)}</dc:creator>`).join('\n')}
${book.publisher ? `<dc:publisher>${xml(book.publisher)}</dc:publisher>` : ''}
<dc:description>${xml(book.description)}</dc:description>
<dc:language>ja</dc:language>
<dc:identifier id="unique-id">${xml(book.identifier)}</dc:identifier>
<meta property="dcterms:modified">2026-11-22T00:00:00Z</meta>
<meta property="rendition:layout">reflowable</meta>
</metadata>
<manifest>
<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="css" href="style/book.css" media-type="text/css"/>
<item id="cover" href="image/cover.jpg" media-type="image/jpeg" properties="cover-image"/>
${chapters.map((c) => `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine page-progression-direction="${book.direction}">
${chapters.map((c) => `<itemref idref="${c.id}"/>`).join('\n')}
</spine>
</package>
`;
  const nav = xhtmlPage(
    book.title,
    `<nav epub:type="toc"><ol>${chapters.map((c) => `<li><a href="${c.href}">${xml(c.title)}</a></li>`).join('')}</ol></nav>`,
  );
  return zipArchive([
    { name: 'mimetype', data: 'application/epub+zip' },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0"?>\n<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>\n`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/style/book.css', data: 'html { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }\n' },
    { name: 'OEBPS/image/cover.jpg', data: book.cover },
    ...chapters.map((c) => ({
      name: `OEBPS/${c.href}`,
      data: xhtmlPage(c.title, `<h1>${xml(c.title)}</h1>\n${c.body.split('\n').map((line) => `<p>${aozoraToXhtml(line)}</p>`).join('\n')}`, '../style/book.css'),
    })),
  ]);
}
