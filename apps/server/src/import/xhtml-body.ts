import { captionLine, headingLine, listItemLine, tableRowLine } from '@hondana/domain/reading/text-blocks';
import { DomUtils, parseDocument } from 'htmlparser2';
import sanitizeHtml from 'sanitize-html';

type Node = ReturnType<typeof parseDocument>['children'][number];
type Element = Extract<Node, { name: string; attribs: Record<string, string> }>;
type Text = Extract<Node, { type: 'text' }>;

const CONTAINERS = ['div', 'section', 'article', 'aside', 'header', 'footer', 'main', 'nav', 'blockquote', 'body', 'dl', 'dd', 'dt', 'hr'];
const PARAGRAPHS = ['p', 'pre', 'address'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const TABLE = ['table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'];

/**
 * What is kept of an XHTML document before its structure is read: text, paragraphs, headings,
 * lists, simple tables, figures with captions, ruby and images. No script or style (their text
 * neither), no attribute but an image's `src` (so no event handlers, inline styles, classes or
 * links), no remote CSS. An image's `src` never reaches the reader: it becomes a numbered line,
 * and the server builds the image's URL from integers (media-spec.ts).
 */
const STRUCTURE: sanitizeHtml.IOptions = {
  allowedTags: [...CONTAINERS, ...PARAGRAPHS, ...HEADINGS, ...TABLE, 'ul', 'ol', 'li', 'figure', 'figcaption', 'br', 'ruby', 'rt', 'img'],
  allowedAttributes: { img: ['src'] },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['src'],
  allowProtocolRelative: false,
  // An SVG's text (a page image's title or description) is not the page's text.
  nonTextTags: ['script', 'style', 'textarea', 'noscript', 'title', 'rp', 'head', 'svg'],
};

const fold = (s: string) => s.replace(/[\t\r\n ]+/g, ' ');
// The sanitised tree holds elements and text only (no script or style elements, no comments).
const isElement = (node: { type: string }): node is Element => node.type === 'tag';
const isText = (node: Node): node is Text => node.type === 'text';

/** Inline text of a node, with ruby as Aozora markup (`｜親字《おやじ》`) and `<br>` as a line break. */
function inline(node: Node): string {
  if (isText(node)) return fold(node.data);
  if (!isElement(node)) return '';
  if (node.name === 'br') return '\n';
  if (node.name === 'rt' || node.name === 'img') return '';
  if (node.name === 'ruby') {
    let out = '';
    let base = '';
    for (const child of node.children) {
      if (isElement(child) && child.name === 'rt') {
        const reading = DomUtils.textContent(child).trim();
        out += base.trim() && reading ? `｜${base}《${reading}》` : base;
        base = '';
      } else base += inline(child);
    }
    return out + base;
  }
  return node.children.map(inline).join('');
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/^ +| +$/g, ''))
    .filter(Boolean);

/** Walks the sanitised tree and writes one line per block (`@hondana/domain/reading/text-blocks`). */
class BodyWriter {
  readonly out: string[] = [];
  private pending = '';

  constructor(private readonly image: (src: string) => string | null) {}

  flush(): void {
    this.out.push(...lines(this.pending));
    this.pending = '';
  }

  block(node: Node, ordered = false): void {
    if (!isElement(node)) {
      this.pending += inline(node);
      return;
    }
    const name = node.name;
    if (name === 'img') return this.img(node);
    if (PARAGRAPHS.includes(name)) {
      this.flush();
      this.inlineWithImages(node);
      return this.flush();
    }
    if (HEADINGS.includes(name)) {
      this.flush();
      const text = lines(inline(node)).join(' ');
      if (text) this.out.push(headingLine(Math.min(3, Number(name[1])) as 1 | 2 | 3, text));
      return this.imagesIn(node.children);
    }
    if (name === 'ul' || name === 'ol') {
      this.flush();
      for (const child of node.children) this.block(child, name === 'ol');
      return;
    }
    if (name === 'li') return this.item(node, ordered);
    if (name === 'table') return this.table(node);
    if (name === 'figure') return this.figure(node);
    if (CONTAINERS.includes(name) || name === 'figcaption') {
      this.flush();
      for (const child of node.children) this.block(child, ordered);
      return this.flush();
    }
    // Inline markup (ruby, and text the sanitiser left after dropping a tag): part of a paragraph.
    if (node.name === 'ruby' || node.name === 'br') this.pending += inline(node);
    else for (const child of node.children) this.block(child, ordered);
  }

  private img(node: Element): void {
    const line = this.image(node.attribs.src ?? '');
    if (!line) return;
    this.flush();
    this.out.push(line);
  }

  /** A paragraph's text, an image inside it standing on a line of its own. */
  private inlineWithImages(node: Element): void {
    for (const child of node.children) {
      if (isElement(child) && child.name === 'img') this.img(child);
      else if (isElement(child) && !['ruby', 'br'].includes(child.name) && DomUtils.findOne((e) => e.name === 'img', [child]))
        this.inlineWithImages(child);
      else this.pending += inline(child);
    }
  }

  private imagesIn(nodes: Node[]): void {
    for (const img of DomUtils.findAll((e) => e.name === 'img', nodes)) this.img(img);
  }

  private item(node: Element, ordered: boolean): void {
    this.flush();
    const nested = node.children.filter((c) => isElement(c) && (c.name === 'ul' || c.name === 'ol'));
    const own = node.children.filter((c) => !nested.includes(c));
    const text = lines(own.map(inline).join(' ')).join(' ');
    if (text) this.out.push(listItemLine(ordered, text));
    this.imagesIn(own);
    for (const list of nested) this.block(list);
  }

  private table(node: Element): void {
    this.flush();
    const caption = DomUtils.findOne((e) => e.name === 'caption', node.children);
    if (caption) this.out.push(...lines(inline(caption)));
    for (const row of DomUtils.findAll((e) => e.name === 'tr', node.children)) {
      const cells = row.children.filter((c): c is Element => isElement(c) && (c.name === 'td' || c.name === 'th'));
      if (cells.length === 0) continue;
      const parent = row.parent;
      const header = cells.every((c) => c.name === 'th') || (parent !== null && isElement(parent) && parent.name === 'thead');
      this.out.push(
        tableRowLine(
          cells.map((c) => lines(inline(c)).join(' ')),
          header,
        ),
      );
    }
  }

  private figure(node: Element): void {
    this.flush();
    const caption = DomUtils.findOne((e) => e.name === 'figcaption', node.children);
    const before = this.out.length;
    for (const child of node.children) if (child !== caption) this.block(child);
    this.flush();
    const text = caption ? lines(inline(caption)).join(' ') : '';
    // A caption follows its image; a figure whose image was left out keeps its caption as text.
    if (text) this.out.push(this.out.length > before ? captionLine(text) : text);
  }
}

/**
 * An XHTML document's text as the viewer's text body: sanitised (sanitize-html), then read
 * block by block into lines of `@hondana/domain/reading/text-blocks` — paragraphs with ruby as
 * Aozora markup, headings, list items, table rows and figure captions. Each image becomes a line
 * of its own, `image(src)`'s (the archive's image, or null: left out; an empty `src` is one the
 * sanitiser removed).
 */
export function xhtmlToBody(xhtml: string, image: (src: string) => string | null = () => null): string {
  const clean = sanitizeHtml(xhtml, STRUCTURE);
  // htmlparser2 decodes entities in text and attributes (`&amp;` → `&`).
  const writer = new BodyWriter(image);
  for (const node of parseDocument(clean).children) writer.block(node);
  writer.flush();
  return writer.out.join('\n');
}
