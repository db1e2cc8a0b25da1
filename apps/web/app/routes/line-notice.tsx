import { data, redirect } from 'react-router';
import { Link } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { seriesHref } from '../features/catalog/series-href';
import { LineNoticeSettings } from '../features/notices/components/line-notice-settings';
import styles from '../features/notices/components/notices-page.module.css';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/line-notice';
import '../i18n/ja-notices';

export const meta: Route.MetaFunction = ({ loaderData }) => [
  ...pageMeta({
    title: loaderData ? i18n.t('notices.lineNotice.title', { title: loaderData.titleName }) : i18n.t('notices.lineNotice.heading'),
    description: i18n.t('notices.lineNotice.heading'),
  }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** `/series_list/line_notice/{titleId}?ref=lineSetting_reader` (§2): new-release notice settings of a title. */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.titleId)) throw data(null, { status: 404 });
  if (!context.viewer) throw redirect(loginHref(url.pathname + url.search));
  const titleId = Number(params.titleId);
  const series = await context.catalog.getSeriesPage({ titleId, volumePage: 1 });
  if (!series || series.adultGate) throw data(null, { status: 404 });
  return { titleId, titleName: series.title.name };
}

export default function LineNotice({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <p className={styles.meta}>
        <Link to={seriesHref(loaderData.titleId)}>{loaderData.titleName}</Link>
      </p>
      <h1 className={styles.heading}>{t('notices.lineNotice.heading')}</h1>
      <LineNoticeSettings titleId={loaderData.titleId} />
      <p className={styles.links}>
        <Link to={seriesHref(loaderData.titleId)}>{t('notices.lineNotice.back')}</Link>
        <Link to="/mypage/notices">{t('notices.newly.heading')}</Link>
      </p>
    </div>
  );
}
