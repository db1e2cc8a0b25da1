/** The series page of a title (§2 `/series_list/series_id={titleId}`), optionally at one volume. */
export function seriesHref(titleId: number, bookId?: number): string {
  const base = `/series_list/series_id=${titleId}`;
  return bookId === undefined ? base : `${base}?book_id=${bookId}`;
}

/** Parses the `series_id={titleId}` path segment (React Router cannot match inside a segment). */
export function parseSeriesSegment(segment: string | undefined): number | null {
  const match = /^series_id=(\d{1,15})$/.exec(segment ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** A positive page number from a path or query value, else null. */
export function parsePage(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,6}$/.test(value)) return null;
  const page = Number(value);
  return page >= 1 ? page : null;
}
