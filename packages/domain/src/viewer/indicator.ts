/**
 * The current-page indicator (§5: rendered only when the current and total pages are
 * integers). Pages are 0-based; the indicator counts from 1. A two-page spread shows both of
 * its pages, lowest first: `2-3 / 14` (a lone page of a spread layout, such as the cover or a
 * wide page, shows as one page).
 */
export function pageIndicator(pages: number | readonly number[] | null | undefined, total: number | null | undefined): string | null {
  const shown = shownPages(pages, total);
  if (shown === null) return null;
  return `${shown.first === shown.last ? shown.first : `${shown.first}-${shown.last}`} / ${shown.total}`;
}

/** The pages on screen counted from 1 (a spread's lowest and highest) and the book's total; null as for the indicator. */
export function shownPages(
  pages: number | readonly number[] | null | undefined,
  total: number | null | undefined,
): { first: number; last: number; total: number } | null {
  if (!Number.isInteger(total) || (total as number) <= 0) return null;
  const shown = typeof pages === 'number' ? [pages] : (pages ?? []);
  if (shown.length === 0 || !shown.every((p) => Number.isInteger(p))) return null;
  return { first: Math.min(...shown) + 1, last: Math.max(...shown) + 1, total: total as number };
}
