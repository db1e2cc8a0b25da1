import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import yazl from 'yazl';
import type { StoreServer } from './server';
import { storeCommand } from './store-command';

/** A page image with its number drawn large, so a screenshot shows which page is where. */
export async function numberedPage(n: number, width: number, height: number, hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${hue}"/>
<rect x="20" y="20" width="${width - 40}" height="${height - 40}" fill="none" stroke="#fff" stroke-width="8"/>
<text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 4)}" fill="#fff" text-anchor="middle">P${n}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

export interface FixedEpubPage {
  image: Buffer;
  spread?: 'left' | 'right' | 'center';
}

/** An EPUB 3 fixed-layout book (XHTML pages wrapping SVG images), as Japanese publishers ship manga. */
export async function writeFixedEpub(
  file: string,
  o: { identifier: string; title: string; direction: 'rtl' | 'ltr'; author: string; pages: FixedEpubPage[] },
): Promise<string> {
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="item/standard.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'META-INF/container.xml',
  );
  const manifest: string[] = [];
  const spine: string[] = [];
  o.pages.forEach((page, i) => {
    const n = String(i + 1).padStart(3, '0');
    zip.addBuffer(page.image, `item/image/i-${n}.jpg`);
    manifest.push(`<item id="i-${n}" href="image/i-${n}.jpg" media-type="image/jpeg"${i === 0 ? ' properties="cover-image"' : ''}/>`);
    zip.addBuffer(
      Buffer.from(
        `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:xlink="http://www.w3.org/1999/xlink"><head><title>${n}</title></head><body><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 600 850"><image width="600" height="850" xlink:href="../image/i-${n}.jpg"/></svg></body></html>`,
      ),
      `item/xhtml/p-${n}.xhtml`,
    );
    manifest.push(`<item id="p-${n}" href="xhtml/p-${n}.xhtml" media-type="application/xhtml+xml" properties="svg"/>`);
    spine.push(`<itemref idref="p-${n}"${page.spread ? ` properties="page-spread-${page.spread}"` : ''}/>`);
  });
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="ja">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title id="t">${o.title}</dc:title><dc:creator id="c">${o.author}</dc:creator><meta refines="#c" property="role" scheme="marc:relators">aut</meta>
<dc:language>ja</dc:language><dc:identifier id="uid">${o.identifier}</dc:identifier>
<meta property="dcterms:modified">2026-11-25T00:00:00Z</meta><meta property="rendition:layout">pre-paginated</meta><meta property="rendition:spread">landscape</meta>
</metadata>
<manifest>${manifest.join('')}</manifest>
<spine page-progression-direction="${o.direction}">${spine.join('')}</spine>
</package>`),
    'item/standard.opf',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

export interface ImportedBook {
  file: string;
  titleId: number;
  bookId: number;
  layoutType: number;
  direction: string;
  totalPage: number;
  /** On sale (true) or waiting unlisted. */
  listed: boolean;
  price: number;
  warnings: string[];
}

/**
 * `npm run import -- --json [OPTIONS] FILE` against a running store's data folder, as an operator
 * runs it: a new book waits unlisted unless `options` put it on sale (`--publish --price N`).
 */
export async function importIntoStore(store: StoreServer, file: string, options: string[] = []): Promise<ImportedBook[]> {
  const { stdout } = await storeCommand(store.dataDir, 'import-command.ts', ['--json', ...options, file]);
  return JSON.parse(stdout) as ImportedBook[];
}

/** A reflowable EPUB 3 in vertical Japanese: a CSS file with writing-mode, a nav toc, ruby in the text. */
export async function writeTextEpub(
  file: string,
  o: {
    identifier: string;
    title: string;
    author: string;
    chapters: { title: string; paragraphs: string[] }[];
    /** PNG images stored as `item/image/<name>`, shown by paragraphs such as `<img src="../image/<name>"/>`. */
    images?: Record<string, Buffer>;
  },
): Promise<string> {
  const zip = new yazl.ZipFile();
  const page = (body: string) =>
    Buffer.from(
      `<?xml version="1.0" encoding="UTF-8"?><!DOCTYPE html><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="ja" class="vrtl"><head><title>${o.title}</title><link rel="stylesheet" type="text/css" href="../style/book-style.css"/></head><body>${body}</body></html>`,
    );
  zip.addBuffer(Buffer.from('application/epub+zip'), 'mimetype', { compress: false });
  zip.addBuffer(
    Buffer.from(
      '<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="item/standard.opf" media-type="application/oebps-package+xml"/></rootfiles></container>',
    ),
    'META-INF/container.xml',
  );
  zip.addBuffer(Buffer.from('html.vrtl { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }'), 'item/style/book-style.css');
  const manifest = [
    '<item id="nav" href="navigation-documents.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="style/book-style.css" media-type="text/css"/>',
  ];
  Object.entries(o.images ?? {}).forEach(([name, data], i) => {
    zip.addBuffer(data, `item/image/${name}`);
    manifest.push(`<item id="img-${i}" href="image/${name}" media-type="image/png"/>`);
  });
  const spine: string[] = [];
  const toc: string[] = [];
  o.chapters.forEach((chapter, i) => {
    const n = String(i + 1).padStart(4, '0');
    zip.addBuffer(page(`<h2>${chapter.title}</h2>${chapter.paragraphs.map((p) => `<p>${p}</p>`).join('')}`), `item/xhtml/p-${n}.xhtml`);
    manifest.push(`<item id="p-${n}" href="xhtml/p-${n}.xhtml" media-type="application/xhtml+xml"/>`);
    spine.push(`<itemref idref="p-${n}" linear="yes"/>`);
    toc.push(`<li><a href="xhtml/p-${n}.xhtml">${chapter.title}</a></li>`);
  });
  zip.addBuffer(page(`<nav epub:type="toc" id="toc"><h1>目次</h1><ol>${toc.join('')}</ol></nav>`), 'item/navigation-documents.xhtml');
  zip.addBuffer(
    Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="ja">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:title>${o.title}</dc:title><dc:creator>${o.author}</dc:creator><dc:language>ja</dc:language><dc:identifier id="uid">${o.identifier}</dc:identifier>
<meta property="dcterms:modified">2026-11-25T00:00:00Z</meta>
</metadata>
<manifest>${manifest.join('')}</manifest>
<spine page-progression-direction="rtl">${spine.join('')}</spine>
</package>`),
    'item/standard.opf',
  );
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** A wide page of a picture scroll (絵巻物) with its number drawn large. */
export async function scrollPanel(n: number, width: number, height: number, hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${hue}"/>
<path d="M0 ${height * 0.7} Q ${width / 4} ${height * 0.5} ${width / 2} ${height * 0.7} T ${width} ${height * 0.7}" stroke="#fff" stroke-width="6" fill="none"/>
<text x="50%" y="45%" font-family="sans-serif" font-size="${Math.round(height / 3)}" fill="#fff" text-anchor="middle">S${n}</text>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
}

/** A figure of a text book: a labelled box as a PNG. */
export async function figureImage(label: string, width: number, height: number, hue: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="${hue}"/>
<text x="50%" y="55%" font-family="sans-serif" font-size="${Math.round(height / 4)}" fill="#fff" text-anchor="middle">${label}</text>
</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}
