import { reachedReadEnd } from '../reading/reading';

/**
 * Reaching 90% of the pages registers a read-end, once, for owned books (§4), by the server's
 * rule (`reading/reading.ts`). `lastVisiblePage` is 0-based: the reader has seen it and the pages
 * before it (or up to the last page of a spread).
 */
export function shouldRegisterReadEnd(input: {
  lastVisiblePage: number;
  total: number;
  owned: boolean;
  alreadyRegistered: boolean;
}): boolean {
  return input.owned && !input.alreadyRegistered && reachedReadEnd(input.lastVisiblePage, input.total);
}

/**
 * Page sync runs while enabled and is skipped when the book has a custom sample the reader
 * does not own (§4); guests have nowhere to sync to.
 */
export function pageSyncEnabled(input: { loggedIn: boolean; owned: boolean; usesCustomSample: boolean }): boolean {
  return input.loggedIn && !(input.usesCustomSample && !input.owned);
}

/**
 * Where the viewer opens: an explicit startupPage wins, then the synced reading page, else
 * the cover; always inside the book.
 */
export function openingPage(input: { startupPage: number | null; readingPage: number | null; total: number }): number {
  const wanted = input.startupPage ?? input.readingPage ?? 0;
  if (!Number.isFinite(wanted) || input.total <= 0) return 0;
  return Math.min(Math.max(0, Math.trunc(wanted)), input.total - 1);
}

/**
 * A text book's position survives a font-size change as the fraction of the text read: the
 * new page is the one holding the same fraction of the new page count.
 */
export function keepTextPosition(page: number, oldTotal: number, newTotal: number): number {
  if (oldTotal <= 1 || newTotal <= 1) return 0;
  const fraction = page / (oldTotal - 1);
  return Math.min(newTotal - 1, Math.max(0, Math.round(fraction * (newTotal - 1))));
}
