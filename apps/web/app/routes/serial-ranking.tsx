import { data } from 'react-router';
import { SERIAL_RANKING_PAGE_SIZE, SerialRanking } from '../features/serials/components/serial-ranking';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/serial-ranking';
import '../i18n/ja-serials';

/** `/serial/ranking/general/{page}` (§2): serials by reads, 20 a page, rendered on the server. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,3}$/.test(params.page)) throw data(null, { status: 404 });
  const page = Number(params.page);
  // One more than a page tells whether there is a next one.
  const ranks = await context.serials.ranking({ offset: (page - 1) * SERIAL_RANKING_PAGE_SIZE, limit: SERIAL_RANKING_PAGE_SIZE + 1 });
  return { page, ranks };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: i18n.t('serials.rankingTitle', { page: loaderData?.page ?? 1 }), description: i18n.t('serials.description') });

export default function SerialRankingRoute({ loaderData }: Route.ComponentProps) {
  return <SerialRanking page={loaderData.page} ranks={loaderData.ranks} />;
}
