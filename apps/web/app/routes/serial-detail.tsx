import { SpendType, episodeToOpen } from '@hondana/domain/serials/serials';
import type { SerialDetailPage } from '@hondana/domain/serials/serials-api';
import { data, redirect, useLocation } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { viewerHref } from '../features/serials/components/episode-list';
import { viewerOpenHref } from '../lib/deep-link';
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
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!/^[1-9]\d{0,8}$/.test(params.serialId)) throw data(null, { status: 404 });
  const serialId = Number(params.serialId);
  // A serial of more than 100 episodes goes on over pages (`?page=2`…).
  const pageParam = url.searchParams.get('page');
  if (pageParam !== null && !/^[1-9]\d{0,5}$/.test(pageParam)) throw data(null, { status: 404 });
  const detail = await context.serials.detail({ serialId, page: pageParam === null ? 1 : Number(pageParam) });
  if (!detail) throw data(null, { status: 404 });
  if (!detail.adultGate && url.searchParams.get('manga_viewer_action') === 'open') {
    const episodeId = openedEpisode(detail, url.searchParams.get('serial_episode_id'));
    if (episodeId !== null) throw redirect(viewerOpenHref(viewerHref(episodeId), url.searchParams.get('ref')));
  }
  return { serialId, loggedIn: context.viewer !== null, detail };
}

/** The episode a `manga_viewer_action=open` link opens (`serial_episode_id` names one). */
function openedEpisode(detail: SerialDetailPage, named: string | null): number | null {
  const mine = new Map(detail.userData.map((u) => [u.serialEpisodeId, u]));
  const episodes = detail.episodes.map((e) => {
    const own = mine.get(e.id);
    return {
      id: e.id,
      orderSequence: e.orderSequence,
      released: e.released,
      readableNow: (own?.personalizedSpendType ?? e.spendType) === SpendType.FREE || own?.renting === true,
      read: own?.read === true,
    };
  });
  return episodeToOpen(episodes, named && /^[1-9]\d{0,8}$/.test(named) ? Number(named) : null);
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') });
  const { detail } = loaderData;
  if (detail.adultGate) {
    return [
      ...pageMeta({ title: i18n.t('serials.adultTitle'), description: i18n.t('adultGate.body') }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  return pageMeta({
    title: i18n.t('serials.detailTitle', { name: detail.serial.name }),
    description: detail.serial.description || i18n.t('serials.description'),
  });
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
  return (
    <SerialDetail
      key={`${loaderData.serialId}:${detail.episodePage.page}:${detail.loadedAt}`}
      serialId={loaderData.serialId}
      loggedIn={loaderData.loggedIn}
      initial={detail}
    />
  );
}
