import { data } from 'react-router';
import { SerialRanking } from '../features/serials/components/serial-ranking';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/serial-ranking';
import '../i18n/ja-serials';

/** `/serial/ranking/general/{page}` (§2). */
export function loader({ params }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,3}$/.test(params.page)) throw data(null, { status: 404 });
  return { page: Number(params.page) };
}

export const meta: Route.MetaFunction = ({ loaderData }) =>
  pageMeta({ title: i18n.t('serials.rankingTitle', { page: loaderData?.page ?? 1 }), description: i18n.t('serials.description') });

export default function SerialRankingRoute({ loaderData }: Route.ComponentProps) {
  return <SerialRanking page={loaderData.page} />;
}
