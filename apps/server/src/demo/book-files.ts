import yazl from 'yazl';

/**
 * The demo's book files as a publisher would hand them over: a CBZ (images and ComicInfo.xml)
 * and an EPUB 3 reflowable vertical text book with ruby. Entries are stored, not deflated:
 * JPEG pages gain nothing from it, and an EPUB's `mimetype` must be stored.
 */
interface FileEntry {
  name: string;
  data: Buffer | string;
}

/** One fixed time for every entry: the same entries always give the same bytes. */
const ENTRY_TIME = new Date(Date.UTC(2026, 10, 22));

/** A ZIP archive of stored entries, in the order given (yazl). */
async function zipArchive(entries: readonly FileEntry[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    const data = Buffer.isBuffer(entry.data) ? entry.data : Buffer.from(entry.data, 'utf8');
    zip.addBuffer(data, entry.name, { compress: false, mtime: ENTRY_TIME });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

interface ComicBook {
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
export function cbzFile(book: ComicBook): Promise<Buffer> {
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

interface TextBook {
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
const aozoraToXhtml = (line: string): string =>
  xml(line)
    .replace(/｜([^《｜]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>')
    .replace(/([\u4e00-\u9fff々〆ヶ]+)《([^》]+)》/g, '<ruby>$1<rt>$2</rt></ruby>');

const xhtmlPage = (title: string, body: string, css = 'style/book.css') =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE html>\n<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja"><head><meta charset="UTF-8"/><title>${xml(title)}</title><link rel="stylesheet" type="text/css" href="${css}"/></head><body>${body}</body></html>\n`;

/** An EPUB 3 reflowable book written vertically (`writing-mode: vertical-rl`), a chapter a document. */
export function epubFile(book: TextBook): Promise<Buffer> {
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
      data: xhtmlPage(
        c.title,
        `<h1>${xml(c.title)}</h1>\n${c.body
          .split('\n')
          .map((line) => `<p>${aozoraToXhtml(line)}</p>`)
          .join('\n')}`,
        '../style/book.css',
      ),
    })),
  ]);
}
