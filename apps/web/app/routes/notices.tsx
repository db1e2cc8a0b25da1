import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import { NoticeList } from '../features/notices/components/notice-list';
import styles from '../features/notices/components/notices-page.module.css';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/notices';
import '../i18n/ja-notices';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: i18n.t('notices.pageHeading'), description: i18n.t('notices.newly.description') }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** `/mypage/notices`: new-release messages and reactions to my reviews (the header badge links here). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/notices'));
  return null;
}

export default function NoticesPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('notices.pageHeading')}</h1>
      <NoticeList />
    </div>
  );
}
