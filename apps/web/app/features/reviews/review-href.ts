/** `/series_list/review/editor/{titleId}` with the optional reviewId (§2). */
export const reviewEditorHref = (titleId: number, reviewId: number | null = null): string =>
  `/series_list/review/editor/${titleId}${reviewId === null ? '' : `/${reviewId}`}`;
