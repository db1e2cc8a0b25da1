import { type ZipEntry, epub, esc, navDocument, opf3, xhtml3 } from './publisher-epubs';

/**
 * Text books shaped like Japanese publishers' own: a horizontal technical book in nested
 * folders, a vertical novel with Japanese file names, an EPUB 2 book; each valid as `epubcheck`
 * checks it (`epubcheck.test.ts`).
 */

export interface TechTextOptions {
  identifier: string;
  title: string;
  author: string;
  cover: Buffer;
  /** PNG figures, stored as `OEBPS/images/fig-N.png`. */
  figures: Buffer[];
  /** Paragraphs of filler text each chapter ends with (long enough to take several pages). */
  prose: string[];
}

/**
 * A horizontal (横書き) technical book, reflowable, left to right, in nested folders: chapters
 * under `OEBPS/text/part1/` reaching their style sheet and figures with `../../`, with headings,
 * lists, a table and figures with captions.
 */
export function horizontalTechText(o: TechTextOptions): ZipEntry[] {
  const css = ['../../styles/main.css'];
  const chapter1 = `<section epub:type="chapter"><h1>第1章\u3000はじめに</h1>
<p>この本は、ウェブで本を読むための仕組みを説明します。</p>
<h2>1.1\u3000用語</h2>
<ul><li>ビューア：本を表示する画面</li><li>ページ：一度に見える範囲</li></ul>
<ol><li>ファイルを取り込む</li><li>価格を決めて公開する</li></ol>
<table><caption>表1\u3000画面の幅</caption><thead><tr><th>端末</th><th>幅</th></tr></thead><tbody><tr><td>スマートフォン</td><td>375px</td></tr><tr><td>タブレット</td><td>768px</td></tr><tr><td>パソコン</td><td>1080px</td></tr></tbody></table>
<figure><img src="../../images/fig-1.png" alt="図1"/><figcaption>図1\u3000取り込みの流れ</figcaption></figure>
${o.prose.map((p) => `<p>${esc(p)}</p>`).join('\n')}</section>`;
  const chapter2 = `<section epub:type="chapter" id="top"><h1>第2章\u3000読む</h1>
<p>横書きの本は左から右へ読みます。</p>
<figure><img src="../../images/fig-2.png" alt="図2"/><figcaption>図2\u3000ページのめくり方</figcaption></figure>
${o.prose.map((p) => `<p>${esc(p)}</p>`).join('\n')}</section>`;
  const files: ZipEntry[] = [
    {
      name: 'OEBPS/styles/main.css',
      data: 'body { writing-mode: horizontal-tb; font-family: sans-serif; }\ntable { border-collapse: collapse; }\nth, td { border: 1px solid #888; }\n',
    },
    { name: 'OEBPS/images/cover.jpg', data: o.cover },
    ...o.figures.map((data, i) => ({ name: `OEBPS/images/fig-${i + 1}.png`, data })),
    {
      name: 'OEBPS/text/cover.xhtml',
      data: xhtml3({ title: o.title, bodyType: 'cover', body: '<div><img src="../images/cover.jpg" alt="表紙"/></div>' }),
    },
    { name: 'OEBPS/text/part1/ch01.xhtml', data: xhtml3({ title: '第1章', css, body: chapter1 }) },
    { name: 'OEBPS/text/part1/ch02.xhtml', data: xhtml3({ title: '第2章', css, body: chapter2 }) },
    {
      name: 'OEBPS/nav.xhtml',
      data: navDocument(o.title, [
        { href: 'text/part1/ch01.xhtml', text: '第1章　はじめに' },
        { href: 'text/part1/ch02.xhtml#top', text: '第2章　読む' },
      ]),
    },
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="css" href="styles/main.css" media-type="text/css"/>',
    '<item id="cover" href="images/cover.jpg" media-type="image/jpeg" properties="cover-image"/>',
    ...o.figures.map((_, i) => `<item id="fig-${i + 1}" href="images/fig-${i + 1}.png" media-type="image/png"/>`),
    '<item id="cover-page" href="text/cover.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="ch01" href="text/part1/ch01.xhtml" media-type="application/xhtml+xml"/>',
    '<item id="ch02" href="text/part1/ch02.xhtml" media-type="application/xhtml+xml"/>',
  ];
  files.push({
    name: 'OEBPS/package.opf',
    data: opf3({
      identifier: o.identifier,
      title: o.title,
      author: o.author,
      manifest,
      spine: ['<itemref idref="cover-page"/>', '<itemref idref="ch01"/>', '<itemref idref="ch02"/>'],
      direction: 'ltr',
    }),
  });
  return epub('OEBPS/package.opf', files);
}

export interface NamedNovelOptions {
  identifier: string;
  title: string;
  author: string;
  cover: Buffer;
  chapters: { file: string; title: string; paragraphs: string[] }[];
}

/**
 * A vertical novel whose files have Japanese names (`Text/表紙.xhtml`, `Text/一.xhtml`), the
 * manifest's hrefs percent-encoded and the nav document's not; no `cover-image`: the first
 * spine page, only an image, is the cover. Write it with `withoutUtf8Flag`: Japanese tools often
 * omit the ZIP's UTF-8 flag.
 */
export function japaneseNamedNovel(o: NamedNovelOptions): ZipEntry[] {
  const enc = (name: string) => encodeURIComponent(name);
  const files: ZipEntry[] = [
    { name: 'OEBPS/Styles/style.css', data: 'html { -epub-writing-mode: vertical-rl; writing-mode: vertical-rl; }\n' },
    { name: 'OEBPS/Images/表紙.jpg', data: o.cover },
    {
      name: 'OEBPS/Text/表紙.xhtml',
      data: xhtml3({ title: '表紙', bodyType: 'cover', body: '<div><img src="../Images/表紙.jpg" alt="表紙"/></div>' }),
    },
    ...o.chapters.map((c) => ({
      name: `OEBPS/Text/${c.file}.xhtml`,
      data: xhtml3({
        title: c.title,
        css: ['../Styles/style.css'],
        body: `<h2>${esc(c.title)}</h2>${c.paragraphs.map((p) => `<p>${p}</p>`).join('')}`,
      }),
    })),
    {
      name: 'OEBPS/nav.xhtml',
      data: navDocument(
        o.title,
        o.chapters.map((c) => ({ href: `Text/${c.file}.xhtml`, text: c.title })),
      ),
    },
  ];
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="style" href="Styles/style.css" media-type="text/css"/>',
    `<item id="cover-img" href="Images/${enc('表紙')}.jpg" media-type="image/jpeg"/>`,
    `<item id="cover-page" href="Text/${enc('表紙')}.xhtml" media-type="application/xhtml+xml"/>`,
    ...o.chapters.map((c, i) => `<item id="ch${i + 1}" href="Text/${enc(c.file)}.xhtml" media-type="application/xhtml+xml"/>`),
  ];
  const spine = ['<itemref idref="cover-page"/>', ...o.chapters.map((_, i) => `<itemref idref="ch${i + 1}"/>`)];
  files.push({
    name: 'OEBPS/content.opf',
    data: opf3({ identifier: o.identifier, title: o.title, author: o.author, manifest, spine, direction: 'rtl' }),
  });
  return epub('OEBPS/content.opf', files);
}

const xhtml11 = (title: string, body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd">
<html xmlns="http://www.w3.org/1999/xhtml" xml:lang="ja">
<head>
<title>${esc(title)}</title>
<link rel="stylesheet" type="text/css" href="../Styles/style.css"/>
</head>
<body>
${body}
</body>
</html>
`;

export interface Epub2Options {
  identifier: string;
  title: string;
  author: string;
  authorFileAs: string;
  cover: Buffer;
  chapters: { title: string; paragraphs: string[] }[];
}

/**
 * An EPUB 2 book (OPF 2.0 with an NCX, no nav document): its cover named by
 * `<meta name="cover">`, creators with `opf:role` and `opf:file-as`, vertical text through
 * `-epub-writing-mode`; the cover page outside the reading order (`linear="no"`).
 */
export function epub2Book(o: Epub2Options): ZipEntry[] {
  const files: ZipEntry[] = [
    { name: 'OEBPS/Styles/style.css', data: 'html { -epub-writing-mode: vertical-rl; -webkit-writing-mode: vertical-rl; }\n' },
    { name: 'OEBPS/Images/cover.jpg', data: o.cover },
    { name: 'OEBPS/Text/cover.xhtml', data: xhtml11('表紙', '<div><img src="../Images/cover.jpg" alt="表紙"/></div>') },
    ...o.chapters.map((c, i) => ({
      name: `OEBPS/Text/chapter${i + 1}.xhtml`,
      data: xhtml11(c.title, `<h2>${esc(c.title)}</h2>\n${c.paragraphs.map((p) => `<p>${p}</p>`).join('\n')}`),
    })),
  ];
  const navPoints = o.chapters
    .map(
      (c, i) =>
        `<navPoint id="np${i + 1}" playOrder="${i + 1}"><navLabel><text>${esc(c.title)}</text></navLabel><content src="Text/chapter${i + 1}.xhtml"/></navPoint>`,
    )
    .join('\n');
  files.push({
    name: 'OEBPS/toc.ncx',
    data: `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE ncx PUBLIC "-//NISO//DTD ncx 2005-1//EN" "http://www.daisy.org/z3986/2005/ncx-2005-1.dtd">
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="ja">
<head><meta name="dtb:uid" content="${esc(o.identifier)}"/><meta name="dtb:depth" content="1"/><meta name="dtb:totalPageCount" content="0"/><meta name="dtb:maxPageNumber" content="0"/></head>
<docTitle><text>${esc(o.title)}</text></docTitle>
<navMap>
${navPoints}
</navMap>
</ncx>
`,
  });
  files.push({
    name: 'OEBPS/content.opf',
    data: `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="2.0" unique-identifier="BookId">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
<dc:title>${esc(o.title)}</dc:title>
<dc:creator opf:role="aut" opf:file-as="${esc(o.authorFileAs)}">${esc(o.author)}</dc:creator>
<dc:language>ja</dc:language>
<dc:identifier id="BookId" opf:scheme="UUID">${esc(o.identifier)}</dc:identifier>
<meta name="cover" content="cover-image"/>
</metadata>
<manifest>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="style" href="Styles/style.css" media-type="text/css"/>
<item id="cover-image" href="Images/cover.jpg" media-type="image/jpeg"/>
<item id="cover" href="Text/cover.xhtml" media-type="application/xhtml+xml"/>
${o.chapters.map((_, i) => `<item id="chapter${i + 1}" href="Text/chapter${i + 1}.xhtml" media-type="application/xhtml+xml"/>`).join('\n')}
</manifest>
<spine toc="ncx">
<itemref idref="cover" linear="no"/>
${o.chapters.map((_, i) => `<itemref idref="chapter${i + 1}"/>`).join('\n')}
</spine>
<guide><reference type="cover" title="表紙" href="Text/cover.xhtml"/></guide>
</package>
`,
  });
  return epub('OEBPS/content.opf', files);
}
