import { LRUCache } from 'lru-cache';
import type { MarkupStore } from './kept-markup';

/** The attribute that marks an element whose inner HTML a render asked to keep; taken out of the page before it is sent. */
const CAPTURE = 'data-kept-markup';

/**
 * Markup kept by the process, by key (`Kept`): at most `MAX_BYTES` of it (keys and HTML, two bytes
 * a UTF-16 unit), the least recently used dropped first. Keys name the data the markup was made
 * from, so a change of catalog data is a new key and nothing needs clearing; a build's markup
 * (class names, copy) is this process's.
 */
const MAX_BYTES = 8 * 1024 * 1024;
const kept = new LRUCache<string, string>({
  maxSize: MAX_BYTES,
  sizeCalculation: (html, key) => 2 * (html.length + key.length),
});

/** One render's view of the kept markup: what it found and what it asked to keep. */
export class RenderMarkup implements MarkupStore {
  readonly #wanted: { id: string; key: string; tag: string }[] = [];

  get(key: string): string | undefined {
    return kept.get(key);
  }

  capture(key: string, tag: string): Record<string, string> {
    const id = String(this.#wanted.length + 1);
    this.#wanted.push({ id, key, tag });
    return { [CAPTURE]: id };
  }

  /**
   * The page as sent: each marked element's inner HTML kept, and the marks taken out, so the page
   * is what a render without the store gives. The same page when nothing was marked.
   */
  finish(page: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
    if (this.#wanted.length === 0) return page;
    let html = page.toString('utf8');
    for (const { id, key, tag } of this.#wanted) {
      const mark = ` ${CAPTURE}="${id}"`;
      const at = html.indexOf(mark);
      if (at < 0) continue; // not in the page (a fallback was sent instead)
      const inner = innerHtmlAfter(html, html.indexOf('>', at) + 1, tag);
      if (inner !== undefined) kept.set(key, inner);
      html = html.slice(0, at) + html.slice(at + mark.length);
    }
    return Buffer.from(html, 'utf8');
  }
}

/** The HTML from `start` to the end tag that closes the `tag` element opened just before it. */
function innerHtmlAfter(html: string, start: number, tag: string): string | undefined {
  const open = new RegExp(`<${tag}[\\s>]|</${tag}>`, 'g');
  open.lastIndex = start;
  let depth = 1;
  for (let m = open.exec(html); m; m = open.exec(html)) {
    depth += m[0].startsWith('</') ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  return undefined;
}
