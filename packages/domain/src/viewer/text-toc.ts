/**
 * 目次 for reflowable text books (§2 viewer parts, docs/decisions/009). The browser paginates
 * the text (CSS columns stacked downwards in vertical-rl), so where a chapter starts is only
 * known after layout: the stage measures each chapter heading's offset along the column stack
 * and this module turns those offsets into page numbers. It runs again after every layout (font
 * size, font type, screen size), so the entries always match the pages on screen.
 */

export interface TocEntry {
  /** 0-based page of the paginated text. */
  page: number;
  text: string;
}

/**
 * The page on which a heading starts: `offset` is its distance (CSS px) from the start of the
 * column stack, `step` one page plus the gap between pages. A heading pushed 1 px early by
 * rounding still counts on its own page. Clamped to the book's pages; pages never go backwards
 * (a later chapter cannot start before an earlier one).
 */
export function chapterStartPages(offsets: readonly number[], step: number, total: number): number[] {
  if (!(step > 0) || !(total > 0)) return offsets.map(() => 0);
  const pages: number[] = [];
  let previous = 0;
  for (const offset of offsets) {
    const raw = Number.isFinite(offset) ? Math.floor((Math.max(0, offset) + 1) / step) : previous;
    const page = Math.min(total - 1, Math.max(previous, raw));
    pages.push(page);
    previous = page;
  }
  return pages;
}

/** The 目次 entries: each laid-out chapter's title and the page it starts on. */
export function textToc(titles: readonly string[], offsets: readonly number[], step: number, total: number): TocEntry[] {
  const pages = chapterStartPages(offsets.slice(0, titles.length), step, total);
  return pages.map((page, i) => ({ page, text: titles[i]! }));
}

/** The chapter (index into the entries) that page `page` belongs to; -1 before the first one. */
export function chapterAt(entries: readonly TocEntry[], page: number): number {
  let at = -1;
  for (let i = 0; i < entries.length; i++) if (entries[i]!.page <= page) at = i;
  return at;
}
