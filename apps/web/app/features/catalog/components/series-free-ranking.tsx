import { useEffect, useState } from 'react';
import type { TileView } from '../../../components/book-tile';
import { Section, TileList } from '../../../components/tile-list';
import { useTranslation } from '../../../i18n/i18n';

/** The section's anchor: routes/series.tsx loads this code when it nears the viewport. */
const FREE_RANKING_ANCHOR = 'free-ranking';

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
export function SeriesFreeRanking({ pageType, adult }: SeriesFreeRankingProps) {
  const { t } = useTranslation();
  const [tiles, setTiles] = useState<TileView[]>([]);
  useEffect(() => {
    let live = true;
    // The fetch and the tile rules load with it, not with this chunk (whose deps the page lists).
    import('../api/get-free-ranking')
      .then(({ getFreeRankingTiles }) => getFreeRankingTiles(pageType, adult))
      .then(
        (found) => live && setTiles(found),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [pageType, adult]);
  if (tiles.length === 0) return <div id={FREE_RANKING_ANCHOR} />;
  return (
    <Section id={FREE_RANKING_ANCHOR} heading={t('series.freeRanking')}>
      <TileList tiles={tiles} layout="row" />
    </Section>
  );
}
