import { data, redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { seriesHref } from '../features/catalog/series-href';
import { ReviewEditor } from '../features/reviews/components/review-editor';
import { i18n } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/review-editor';
import '../i18n/ja-reviews';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? i18n.t('reviews.editor.title', { title: loaderData.titleName }) : i18n.t('reviews.editor.newHeading'),
    description: i18n.t('reviews.editor.newHeading'),
  }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/**
 * `/series_list/review/editor/{titleId}` with the optional reviewId (§2): members write their
 * one review of the title, or edit it; guests log in first and come back.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.titleId)) throw data(null, { status: 404 });
  if (!context.viewer) throw redirect(loginHref(url.pathname));
  const titleId = Number(params.titleId);
  const [series, mine] = await Promise.all([context.catalog.getSeriesPage({ titleId, volumePage: 1 }), context.reviews.myReview(titleId)]);
  if (!series || series.adultGate) throw data(null, { status: 404 });
  if (params.reviewId && (!mine || String(mine.id) !== params.reviewId)) throw data(null, { status: 404 });
  return { titleId, titleName: series.title.name, seriesHref: seriesHref(titleId), nickname: context.viewer.nickname, review: mine };
}

export default function ReviewEditorPage({ loaderData }: Route.ComponentProps) {
  return <ReviewEditor {...loaderData} />;
}
