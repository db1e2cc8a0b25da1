/**
 * §9 author list truncation: the authors' names as one line ('・' between them) stay whole up to
 * 34 characters on a wide screen and 16 on a narrow one (below the tablet width); over that, the
 * line is cut at the limit and ends with '…'. Characters are counted as code points, so a name
 * with a character outside the BMP is never cut in half. Pure: the page renders both lengths and
 * CSS picks one, so the server sends finished HTML at any width.
 */

/** §9 limits, in characters. */
export const AUTHOR_LIST_MAX = { wide: 34, narrow: 16 } as const;
export const AUTHOR_SEPARATOR = '・';
export const ELLIPSIS = '…';

/** One shown author: its name as shown (cut when it crosses the limit) and whether it was cut. */
interface ShownAuthor<A> {
  author: A;
  shown: string;
  cut: boolean;
}

interface TruncatedAuthors<A> {
  shown: ShownAuthor<A>[];
  /** Some of the list (a name's end or whole authors) is not shown. */
  truncated: boolean;
}

const chars = (s: string) => Array.from(s);

/**
 * The authors to show within `max` characters: every author when the whole line
 * (`name・name…`) is `max` or fewer; otherwise the authors that fit, the one crossing the limit
 * cut to what is left (never to nothing: an author whose name would start past the limit is left
 * out) and the last shown one ending with '…'.
 */
export function truncateAuthors<A extends { name: string }>(authors: readonly A[], max: number): TruncatedAuthors<A> {
  const total = authors.reduce((n, a, i) => n + chars(a.name).length + (i > 0 ? AUTHOR_SEPARATOR.length : 0), 0);
  if (total <= max) return { shown: authors.map((author) => ({ author, shown: author.name, cut: false })), truncated: false };
  const shown: ShownAuthor<A>[] = [];
  let used = 0;
  for (const author of authors) {
    const start = used + (shown.length > 0 ? AUTHOR_SEPARATOR.length : 0);
    const left = max - start;
    if (left <= 0) break;
    const name = chars(author.name);
    if (name.length <= left) {
      shown.push({ author, shown: author.name, cut: false });
      used = start + name.length;
    } else {
      shown.push({ author, shown: name.slice(0, left).join(''), cut: true });
      used = max;
      break;
    }
  }
  const last = shown.at(-1);
  if (last) shown[shown.length - 1] = { ...last, shown: `${last.shown}${ELLIPSIS}`, cut: true };
  return { shown, truncated: true };
}
