import { useQuery } from '@tanstack/react-query';
import { QueryProvider } from '../../../components/query-provider';
import { Section, TileList } from '../../../components/tile-list';
import { useTranslation } from '../../../i18n/i18n';
import { freeRankingQuery } from '../api/free-ranking-query';
import { FREE_RANKING_ANCHOR, type SeriesFreeRankingProps } from './series-free-ranking';

/** Loaded lazily by SeriesFreeRanking: the ranking as a query. */
export default function SeriesFreeRankingList(props: SeriesFreeRankingProps) {
  return (
    <QueryProvider>
      <Ranking {...props} />
    </QueryProvider>
  );
}

function Ranking({ pageType, adult }: SeriesFreeRankingProps) {
  const { t } = useTranslation();
  const { data: tiles } = useQuery(freeRankingQuery(pageType, adult));
  if (!tiles || tiles.length === 0) return <div id={FREE_RANKING_ANCHOR} />;
  return (
    <Section id={FREE_RANKING_ANCHOR} heading={t('series.freeRanking')}>
      <TileList tiles={tiles} layout="row" />
    </Section>
  );
}
