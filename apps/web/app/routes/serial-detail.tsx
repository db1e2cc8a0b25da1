import { data, useLocation } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { AdultGate } from '../features/catalog/components/adult-gate';
import { SerialDetail } from '../features/serials/components/serial-detail';
import styles from '../features/serials/components/serial-detail.module.css';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/serial-detail';
import '../i18n/ja-serials';

/**
 * `/serial/detail/{serialId}?manga_viewer_action=open|close` (§2): the serial, its episodes and
 * the member's tickets, rendered on the server (the HTML has the episode list before any script
 * runs); rentals, tickets and the notification toggle reload it in the browser. A serial in an
 * adult category for a viewer without the age check renders only the age dialog (§4, §6).
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.serialId)) throw data(null, { status: 404 });
  const serialId = Number(params.serialId);
  const detail = await context.serials.detail({ serialId });
  if (!detail) throw data(null, { status: 404 });
  return { serialId, loggedIn: context.viewer !== null, detail };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') });
  const { detail } = loaderData;
  if (detail.adultGate) {
    return [...pageMeta({ title: i18n.t('serials.adultTitle'), description: i18n.t('adultGate.body') }), { name: 'robots', content: 'noindex' }];
  }
  return pageMeta({ title: i18n.t('serials.detailTitle', { name: detail.serial.name }), description: detail.serial.description || i18n.t('serials.description') });
};

export default function SerialDetailRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const location = useLocation();
  const { detail } = loaderData;
  if (detail.adultGate) {
    return (
      <div className={styles.gate}>
        <h1 className={styles.name}>{t('serials.adultTitle')}</h1>
        <AdultGate isMember={loaderData.loggedIn} loginTo={loginHref(location.pathname + location.search)} />
      </div>
    );
  }
  // A new render of the loader (coming back from the viewer) starts from its data.
  return <SerialDetail key={`${loaderData.serialId}:${detail.loadedAt}`} serialId={loaderData.serialId} loggedIn={loaderData.loggedIn} initial={detail} />;
}
