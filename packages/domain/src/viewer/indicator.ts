/**
 * The current-page indicator (§5: rendered only when the current and total pages are
 * integers). `page` is 0-based; the indicator counts from 1.
 */
export function pageIndicator(page: number | null | undefined, total: number | null | undefined): string | null {
  if (!Number.isInteger(page) || !Number.isInteger(total)) return null;
  if ((total as number) <= 0) return null;
  return `${(page as number) + 1} / ${total as number}`;
}
