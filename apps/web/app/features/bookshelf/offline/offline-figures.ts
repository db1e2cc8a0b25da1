/**
 * Illustrations inside a saved text book's chapters (decision 021). The server writes each one
 * as `<img src="…" srcset="… 720w, … 1080w" …>` (book-text.ts figureHtml: double-quoted
 * attributes, `&` written `&amp;`) with signed URLs that expire in minutes, so a saved chapter
 * cannot keep them: saving swaps them for `data-offline-figure="N"` (N: the image's place in the
 * chapter's stored blobs), and reading offline swaps that for an object URL of the blob.
 */

const IMG = /<img\b[^>]*>/g;
const MARK = /data-offline-figure="(\d+)"/g;
const attribute = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1] ?? null;
const decode = (value: string) => value.replaceAll('&amp;', '&');

/** The smallest width a srcset offers (what a saved page image keeps too), else the src. */
function smallestSource(tag: string): string | null {
  const candidates = (attribute(tag, 'srcset') ?? '')
    .split(',')
    .map((c) => c.trim().split(/\s+/))
    .filter(([url, w]) => url && w?.endsWith('w'))
    .map(([url, w]) => ({ url: url!, width: Number.parseInt(w!, 10) }))
    .sort((a, b) => a.width - b.width);
  const src = candidates[0]?.url ?? attribute(tag, 'src');
  return src ? decode(src) : null;
}

/**
 * A chapter's HTML as saved: each image's src and srcset replaced by its number, with the URLs
 * to fetch (in that order) while they are still valid.
 */
export function markFigures(html: string): { html: string; sources: string[] } {
  const sources: string[] = [];
  const marked = html.replace(IMG, (tag) => {
    const source = smallestSource(tag);
    const bare = tag.replace(/\s(src|srcset)="[^"]*"/g, '');
    if (!source) return bare;
    sources.push(source);
    return bare.replace(/^<img\b/, `<img data-offline-figure="${sources.length - 1}"`);
  });
  return { html: marked, sources };
}

/** A saved chapter's HTML for reading: each marked image gets its stored blob's URL (`urlOf(N)`). */
export const showFigures = (html: string, urlOf: (n: number) => string | null): string =>
  html.replace(MARK, (_, n: string) => {
    const url = urlOf(Number(n));
    return url ? `src="${url}"` : '';
  });
