import { Suspense, lazy } from 'react';
import { data, useLoaderData, useLocation } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { bookCouponBanner } from '../features/cart/coupon-banner.server';
import { AdultGate } from '../features/catalog/components/adult-gate';
import { TRACKING_PARAMS, type Tracking, bookInfoUrl } from '../features/viewer/api/get-viewer-info';
import type { LastPageExtras } from '../features/viewer/components/last-page-slot';
import { ViewerApp } from '../features/viewer/components/viewer-app';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { ViewerInfo } from '@hondana/domain/reading/reading-api';
import type { Route } from './+types/viewer';
import '../i18n/ja-viewer';

/** Serial episodes are the serials area's viewer: book readers do not download it. */
const EpisodeViewer = lazy(() => import('../features/serials/components/episode-viewer').then((m) => ({ default: m.EpisodeViewer })));

/**
 * The last page's commerce block (orders area: buy this book or the next volume, login for
 * guests), composed here because features do not import each other. Lazy: it loads only when
 * a reader reaches the last page, so it adds nothing to the viewer's first load.
 */
const LastPageCommerce = lazy(() => import('./viewer-commerce'));

const ID = /^[1-9]\d{0,8}$/;
const PAGE = /^\d{1,6}$/;

/**
 * `/viewer?cid={bookId}` (§2 viewer root) with `startupPage`, `open_lastpage` and the tracking
 * parameters. Page image URLs are signed for this reader's entitlement and expire in minutes.
 */
/**
 * What the last page needs from the server (§2): for a guest, the book カートに追加 puts in the
 * guest cart (this volume while it is sold, else the next one) and the login-appeal coupon
 * banner for it; for a member, whether 'アプリで読む' shows (decision 027).
 */
async function lastPageExtras(context: Route.LoaderArgs['context'], info: ViewerInfo | null): Promise<LastPageExtras> {
  if (context.viewer !== null) return { guestCartBookId: null, couponBanner: null, readInApp: await context.accounts.readsInApp() };
  const b = info?.book_data;
  const target = !b ? null : !b.free && b.salable && !b.bought ? b.id : b.nextBookId !== null && !b.isNextBookFree ? b.nextBookId : null;
  if (target === null) return { guestCartBookId: null, couponBanner: null, readInApp: false };
  const [offer, detail] = await Promise.all([context.cart.guestCouponOffer(), context.catalog.getBookDetail({ bookId: target })]);
  return { guestCartBookId: target, couponBanner: bookCouponBanner(offer, detail, context.catalog.now()), readInApp: false };
}

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = url.searchParams;
  // A serial episode (`?serialEpisodeId=`) opens the serials area's episode viewer.
  const serialEpisodeId = query.get('serialEpisodeId') ?? '';
  if (ID.test(serialEpisodeId)) {
    return {
      serialEpisodeId: Number(serialEpisodeId),
      info: null,
      openLastPage: query.get('open_lastpage') === 'true',
      loggedIn: context.viewer !== null,
    };
  }
  const cid = query.get('cid') ?? '';
  if (!ID.test(cid)) throw data(null, { status: 404 });
  const startupPage = query.get('startupPage');
  const tracking: Tracking = {};
  for (const name of TRACKING_PARAMS) {
    const value = query.get(name);
    if (value) tracking[name] = value.slice(0, 100);
  }
  const putLog = query.get('putLog');
  if (putLog) tracking.putLog = putLog.slice(0, 10);
  const bookId = Number(cid);
  // An R18 book asks for the age check first (§4 adult gate), as its series page does.
  if (await context.reading.needsAdultCheck({ bookId })) return { adultGate: true as const, loggedIn: context.viewer !== null };
  // The opening page is in the HTML and paints before any script runs; on a failure the
  // browser fetches the info itself (and shows the failure screen if that fails too).
  const info = await context.reading.getViewerInfo({ bookId }).catch(() => null);
  return {
    bookId,
    info,
    lastPage: await lastPageExtras(context, info),
    startupPage: startupPage && PAGE.test(startupPage) ? Number(startupPage) : null,
    openLastPage: query.get('open_lastpage') === 'true',
    tracking,
    loggedIn: context.viewer !== null,
    adult: context.viewer?.adultState === 'ADULT',
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({ title: loaderData?.info?.book_data.title ?? i18n.t('viewer.title'), description: i18n.t('site.description') }),
  { name: 'robots', content: 'noindex' },
];

export default function ViewerRoute() {
  const props = useLoaderData<typeof loader>();
  const location = useLocation();
  if ('adultGate' in props) {
    return <AdultGate isMember={props.loggedIn} loginTo={loginHref(location.pathname + location.search)} />;
  }
  if (props.serialEpisodeId !== undefined) {
    return (
      <Suspense fallback={null}>
        <EpisodeViewer
          key={props.serialEpisodeId}
          episodeId={props.serialEpisodeId}
          loggedIn={props.loggedIn}
          openLastPage={props.openLastPage}
        />
      </Suspense>
    );
  }
  return (
    <>
      {props.info === null && <link rel="preload" as="fetch" href={bookInfoUrl(props.bookId, props.tracking)} crossOrigin="anonymous" />}
      <ViewerApp key={props.bookId} {...props} commerce={LastPageCommerce} />
    </>
  );
}
