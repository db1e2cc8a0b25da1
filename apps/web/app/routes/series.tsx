import { reviewLinkMode } from '@hondana/domain/reviews/reviews';
import { viewerHref } from '@hondana/domain/orders/last-page-commerce';
import { data, redirect, useLocation } from 'react-router';
import { lazySection } from '../components/lazy-section';
import { AdultGate } from '../features/catalog/components/adult-gate';
import { Pager } from '../components/pager';
import { Section, TileList } from '../components/tile-list';
import { loginHref } from '../features/accounts/login-href';
import { SeriesHeader } from '../features/catalog/components/series-header';
import { parsePage, parseSeriesSegment, seriesHref } from '../features/catalog/series-href';
import { seriesHeaderView, volumeDetailView } from '../features/catalog/series-view.server';
import { bookCouponBanner } from '../features/cart/coupon-banner.server';
import { SeriesMemberActions } from '../features/notices/components/series-member-actions';
import { reviewEditorHref } from '../features/reviews/review-href';
import { tileFromBook } from '../features/catalog/tile-view.server';
import { i18n, useTranslation } from '../i18n/i18n';
import { viewerOpenHref } from '../lib/deep-link';
import { lazyStylesheets } from '../lib/lazy-styles.server';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/series';
import styles from './series.module.css';

const DESCRIPTION_MAX = 110;

/**
 * `/series_list/series_id={titleId}` (§2) with optional `book_id` (volume detail), `page`
 * (volumes, 30 a page), `series_id` (the title again), `ref` and `manga_viewer_action`. An R18 title for a viewer without the adult check renders only the
 * age dialog: no cover, description or volume reaches the HTML.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const titleId = parseSeriesSegment(params.seriesSegment);
  if (titleId === null) throw data(null, { status: 404 });
  const query = url.searchParams;
  // §2's optional `series_id` query names the series as the path does: a link whose query names
  // another title than its path goes to that title's page (the rest of the query kept).
  const named = query.has('series_id') ? parseSeriesSegment(`series_id=${query.get('series_id')}`) : null;
  if (named !== null && named !== titleId) {
    const rest = new URLSearchParams(query);
    rest.delete('series_id');
    throw redirect(rest.size > 0 ? `${seriesHref(named)}?${rest}` : seriesHref(named));
  }
  const volumePage = parsePage(query.get('page')) ?? 1;
  const bookIdParam = query.get('book_id');
  const bookId = bookIdParam && /^\d{1,15}$/.test(bookIdParam) ? Number(bookIdParam) : null;

  const series = await context.catalog.getSeriesPage({ titleId, volumePage });
  if (!series) throw data(null, { status: 404 });
  if (series.adultGate) {
    return { gate: true as const, isMember: context.viewer !== null };
  }
  if (query.get('manga_viewer_action') === 'open') {
    // §2: the link opens the viewer on the named volume of this title, else on its first; the
    // viewer decides what this reader may see (the whole book, or its sample).
    const named = bookId === null ? null : await context.catalog.getBookDetail({ bookId });
    const target = named && named.titleId === titleId ? named.bookId : series.firstBookId;
    if (target !== null) throw redirect(viewerOpenHref(viewerHref(target), query.get('ref')));
  }
  const now = context.catalog.now();
  const [detail, ratingSummary, myReview, wished, couponOffer] = await Promise.all([
    bookId === null ? null : context.catalog.getBookDetail({ bookId }),
    context.reviews.ratingSummary(titleId),
    context.reviews.myReview(titleId),
    context.reviews.isWished(titleId),
    // §4: the guest coupon banner is for guests only (rendered by the volume detail, no script here).
    bookId === null || context.viewer ? null : context.cart.guestCouponOffer(),
  ]);
  const shown = detail && detail.titleId === titleId ? detail : null;
  // §3 Pre-order bonus: a volume open for pre-order shows its running bonuses (a kept list, no statement warm).
  const bonus = shown?.reservable ? await context.cart.volumeBonus({ bookId: shown.bookId, titleId, price: shown.price }) : null;
  const volume =
    shown &&
    volumeDetailView(shown, {
      couponBanner: bookCouponBanner(couponOffer, shown, now),
      isMember: context.viewer !== null,
      preOrderBonus: bonus,
    });
  return {
    gate: false as const,
    header: seriesHeaderView(series, shown, ratingSummary.average),
    reviews: { summary: ratingSummary, linkMode: reviewLinkMode(myReview), myReviewId: myReview?.id ?? null },
    member: { isMember: context.viewer !== null, wished },
    description: series.description,
    volume,
    volumes: series.volumes.map((b) => tileFromBook(b, now)),
    volumePage: series.volumePage,
    volumePageCount: series.volumePageCount,
    freeVolumes: series.freeVolumes.books.map((b) => tileFromBook(b, now)),
    // 無料マンガランキング is fetched in the browser when scrolled near (the render's cost is its tiles).
    pageType: series.title.pageType,
    recommendFrom: volume?.bookId ?? series.firstBookId,
    adult: context.viewer?.adultState === 'ADULT',
    // The lazy sections' stylesheets, linked with the page: they are server-rendered, and read right without scripts.
    stylesheets: lazyStylesheets('app/routes/series.tsx', [
      ...(volume ? ['volume-detail'] : []),
      'bulk-buy',
      'reviews-section',
      'series-page-end',
    ]),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return pageMeta({ title: i18n.t('notFound.title'), description: i18n.t('notFound.body') });
  if (loaderData.gate) {
    return [
      ...pageMeta({ title: i18n.t('series.adultTitle'), description: i18n.t('adultGate.body') }),
      { name: 'robots', content: 'noindex' },
    ];
  }
  const { header, description, volume } = loaderData;
  const summary = description.length > DESCRIPTION_MAX ? `${description.slice(0, DESCRIPTION_MAX)}…` : description;
  const authors = header.authors.map((a) => a.name).join('・');
  const title = volume ? i18n.t('volume.heading', { title: header.name, vol: volume.vol }) : header.name;
  const meta = pageMeta({
    title,
    description: i18n.t('series.description', { title: header.name, authors, summary }),
    type: 'book',
  });
  const image = volume?.imageUrl ?? header.cover?.imageUrl;
  const stylesheets = loaderData.stylesheets.map((href) => ({ tagName: 'link' as const, rel: 'stylesheet', href }));
  return [...meta, ...(image ? [{ property: 'og:image', content: image }] : []), ...stylesheets];
};

export default function Series({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (loaderData.gate) {
    return <AdultGatePage isMember={loaderData.isMember} loginTo={loginHref(location.pathname + location.search)} />;
  }
  return <SeriesContent data={loaderData} />;
}

function AdultGatePage({ isMember, loginTo }: { isMember: boolean; loginTo: string }) {
  const { t } = useTranslation();
  return (
    <div className={styles.gate}>
      <h1 className={styles.gateTitle}>{t('series.adultTitle')}</h1>
      <AdultGate isMember={isMember} loginTo={loginTo} />
    </div>
  );
}

// Sections below the fold or shown only sometimes load their code when needed (JS budget). The
// age gate is not one of them: a tap on はい must work as soon as the page is interactive.
const VolumeDetail = lazySection(() => import('../features/catalog/components/volume-detail').then((m) => m.VolumeDetail), {
  when: 'rendered',
});
const ReviewsSection = lazySection(() => import('../features/reviews/components/reviews-section').then((m) => m.ReviewsSection), {
  when: 'visible',
  id: 'reviews',
});
// The two lists that end the page (book-to-book, free ranking) are fetched in the browser.
// まとめ買い: its code (the sheet, its queries) loads as it is scrolled near.
const BulkBuy = lazySection(() => import('../features/cart/components/bulk-buy').then((m) => m.BulkBuy), {
  when: 'visible',
  id: 'bulk-buy',
});
const PageEnd = lazySection(() => import('../features/catalog/components/series-page-end').then((m) => m.SeriesPageEnd), {
  when: 'visible',
  id: 'book-to-book',
});

type Content = Extract<Route.ComponentProps['loaderData'], { gate: false }>;

function SeriesContent({ data: d }: { data: Content }) {
  const { t } = useTranslation();
  const location = useLocation();
  const { header } = d;
  const loginTo = loginHref(location.pathname + location.search);
  const editorHref = reviewEditorHref(header.titleId, d.reviews.myReviewId);
  return (
    <div className={styles.page}>
      {/* An owned volume is read, not sampled. */}
      <SeriesHeader series={header} sampleBookId={d.volume ? (d.volume.bought ? null : d.volume.bookId) : header.firstBookId} />
      <SeriesMemberActions titleId={header.titleId} wished={d.member.wished} isMember={d.member.isMember} loginTo={loginTo} />
      {d.volume && <VolumeDetail book={d.volume} />}
      {/* A volume whose description is the series' own already shows it in its detail. */}
      {d.description && d.description !== d.volume?.description && <p className={styles.description}>{d.description}</p>}
      {d.freeVolumes.length > 0 && (
        <Section id="free-volumes" heading={t('series.freeVolumes')}>
          <TileList tiles={d.freeVolumes} layout="row" />
        </Section>
      )}
      <Section id="volumes" heading={`${t('series.volumes')}（${t('series.volumesCount', { count: header.totalVolumes })}）`}>
        <TileList tiles={d.volumes} eager={d.volume ? 0 : 3} />
        <Pager page={d.volumePage} total={d.volumePageCount} href={(p) => `${seriesHref(header.titleId)}${p > 1 ? `?page=${p}` : ''}`} />
      </Section>
      {header.totalVolumes > 1 && <BulkBuy titleId={header.titleId} isMember={d.member.isMember} loginTo={loginTo} />}
      <ReviewsSection
        titleId={header.titleId}
        summary={d.reviews.summary}
        isMember={d.member.isMember}
        linkMode={d.reviews.linkMode}
        editorHref={editorHref}
        loginTo={loginHref(editorHref)}
      />
      <PageEnd bookId={d.recommendFrom} titleName={header.name} adult={d.adult} pageType={d.pageType} />
    </div>
  );
}
