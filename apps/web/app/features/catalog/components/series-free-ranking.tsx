import { Suspense, lazy } from 'react';

/** TanStack Query and the ranking's fetch load with the list, not with the series page (JS budget). */
const SeriesFreeRankingList = lazy(() => import('./series-free-ranking-list'));

/** The section's anchor: routes/series.tsx loads this code when it nears the viewport. */
export const FREE_RANKING_ANCHOR = 'free-ranking';

export type SeriesFreeRankingProps = {
  /** The title's page type: the ranking of free books of the same kind. */
  pageType: string;
  /** A confirmed adult viewer also sees R18 titles (ac=1, as the page's other lists). */
  adult: boolean;
};

/**
 * 無料マンガランキング on the series page (§2): fetched in the browser once the section comes near
 * the viewport, so the page's server render carries only the volumes it is about. Hidden while
 * loading, when empty and when the fetch fails, as on the viewer's last page.
 */
export function SeriesFreeRanking(props: SeriesFreeRankingProps) {
  return (
    <Suspense fallback={<div id={FREE_RANKING_ANCHOR} />}>
      {/* The server never has the ranking (no fetch runs there), so it renders what the list
          renders without it, the anchor, and spares every series page render a query client
          (issue 36). The browser hydrates the list against the same HTML. */}
      {typeof document === 'undefined' ? <div id={FREE_RANKING_ANCHOR} /> : <SeriesFreeRankingList {...props} />}
    </Suspense>
  );
}
