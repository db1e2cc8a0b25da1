/**
 * The series page's rules (§3 Series info, §9): volumes 30 to a page ascending, and the sale and
 * free periods whose M/d end date the page shows ("end time 0 means no end"). The request and
 * response schemas are in `titles-api.ts`.
 */

/** §9 "title books 30": volumes per page of the series page. */
const SERIES_VOLUMES_PER_PAGE = 30;

/** Number of pages of `total` items, `perPage` to a page; at least 1 so page 1 always exists. */
export const pageCount = (total: number, perPage: number): number => Math.max(1, Math.ceil(total / perPage));

/** The 1-based page clamped into [1, pageCount] and the offset it starts at. */
export function volumePageWindow(page: number, total: number, perPage = SERIES_VOLUMES_PER_PAGE) {
  const pages = pageCount(total, perPage);
  const current = Math.min(Math.max(1, Math.trunc(Number.isFinite(page) ? page : 1)), pages);
  return { page: current, pageCount: pages, offset: (current - 1) * perPage, limit: perPage };
}

/** One volume's current discount period, as the period rule sees it. */
interface VolumePeriod {
  /** The volume is in this kind of period now. */
  active: boolean;
  /** When it ends; null for no end. */
  endDatetime: number | null;
}

/**
 * The end of a series' sale (or free) period: null when no volume is in one now; else the
 * earliest end among the volumes in one, or 0 when none of them ends (§9: end time 0 means no end).
 */
export function periodEnd(volumes: readonly VolumePeriod[]): { endDatetime: number } | null {
  const active = volumes.filter((v) => v.active);
  if (active.length === 0) return null;
  const ends = active.map((v) => v.endDatetime).filter((e): e is number => e !== null);
  return { endDatetime: ends.length ? Math.min(...ends) : 0 };
}
