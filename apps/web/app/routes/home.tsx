import { Link } from 'react-router';
import { Suspense, lazy } from 'react';
import { Section, TileList } from '../components/tile-list';
import { tileFromRecommendation } from '../features/catalog/recommendation-tile';
import { tileFromBook, tileFromRanking } from '../features/catalog/tile-view.server';
import { nonLoginAppealQueryKey } from '../features/invitations/api/non-login-appeal-key';
import { prefetched } from '../lib/prefetch.server';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/home';
import styles from './home.module.css';

const MemberContinue = lazy(() => import('../features/bookshelf/components/member-continue'));
// Reach banners are fetched after the page, with their own code; the guests' appeal comes in the HTML (the loader's `banners`).
const TopBanners = lazy(() => import('../features/invitations/components/top-banners'));
// Running lottery campaigns (issue 40 item 4), also fetched after the page.
const RunningLotteries = lazy(() => import('../features/campaigns/components/running-lotteries'));

/** §9 "title books 30": as many tiles as a title's book list shows. */
const NEW_ARRIVALS = 30;
/** §9: ranking and recommendation modules show 12. */
const MODULE_SIZE = 12;
/** Covers in the first rows load eagerly (largest contentful paint). */
const EAGER_TILES = 4;

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: i18n.t('top.title'), description: i18n.t('site.description'), fullTitle: true });

/** Top page modules (§2): daily ranking, free books, new releases, recommendations for members. */
export async function loader({ context }: Route.LoaderArgs) {
  const { catalog } = context;
  const now = catalog.now();
  const [ranking, free, books, recommended, banners] = await Promise.all([
    catalog.getRankingPage({ term: 'daily', gender: 'all', page: 1 }),
    catalog.getFreePage({ pageType: 'all' }),
    catalog.topPageBooks(NEW_ARRIVALS),
    context.viewer ? catalog.userToBook({ limit: MODULE_SIZE }) : Promise.resolve([]),
    // §7 `/non_login_appeal` for a guest, from the kept appeal (no statement warm: the top page is hot).
    context.viewer ? undefined : prefetched({ queryKey: nonLoginAppealQueryKey, queryFn: () => context.invitations.nonLoginAppeal() }),
  ]);
  return {
    ranking: ranking.entities.slice(0, MODULE_SIZE).map((e) => tileFromRanking(e, now)),
    free: (free.newly.length > 0 ? free.newly : free.closely).slice(0, MODULE_SIZE).map((b) => tileFromBook(b, now)),
    books: books.map((b) => tileFromBook(b, now)),
    recommended: recommended.map(tileFromRecommendation),
    member: context.viewer !== null,
    banners,
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const { ranking, free, books, recommended, member, banners } = loaderData;
  const more = (to: string) => <Link to={to}>{t('top.more')}</Link>;
  return (
    <div className={styles.page}>
      <h1 className="visually-hidden">{t('top.title')}</h1>
      <Suspense fallback={null}>
        <TopBanners member={member} state={banners} />
      </Suspense>
      <Suspense fallback={null}>
        <RunningLotteries />
      </Suspense>
      {member && (
        <Suspense fallback={null}>
          <MemberContinue />
        </Suspense>
      )}
      {ranking.length > 0 && (
        <Section id="top-ranking" heading={t('top.ranking')} action={more('/ranking/daily/1')}>
          <TileList tiles={ranking} layout="row" eager={EAGER_TILES} kept />
        </Section>
      )}
      {recommended.length > 0 && (
        <Section id="top-recommendations" heading={t('top.recommendations')}>
          <TileList tiles={recommended} layout="row" />
        </Section>
      )}
      {free.length > 0 && (
        <Section id="top-free" heading={t('top.free')} action={more('/free')}>
          <TileList tiles={free} layout="row" kept />
        </Section>
      )}
      <Section id="new-arrivals" heading={t('top.newArrivals')}>
        {books.length === 0 ? <p className={styles.empty}>{t('top.empty')}</p> : <TileList tiles={books} kept />}
      </Section>
    </div>
  );
}
