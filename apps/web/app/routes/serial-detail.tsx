import { data } from 'react-router';
import { SerialDetail } from '../features/serials/components/serial-detail';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/serial-detail';
import '../i18n/ja-serials';

/**
 * `/serial/detail/{serialId}?manga_viewer_action=open|close` (§2): the serial's episodes and the
 * member's tickets, loaded in the browser (member state and countdowns change by the minute).
 */
export function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.serialId)) throw data(null, { status: 404 });
  return { serialId: Number(params.serialId), loggedIn: context.viewer !== null };
}

export const meta: Route.MetaFunction = () => pageMeta({ title: i18n.t('serials.title'), description: i18n.t('serials.description') });

export default function SerialDetailRoute({ loaderData }: Route.ComponentProps) {
  return <SerialDetail key={loaderData.serialId} {...loaderData} />;
}
