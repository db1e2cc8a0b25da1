import { redirect } from 'react-router';
import { loginHref } from '../features/accounts/login-href';
import styles from '../features/notices/components/notices-page.module.css';
import { WishList } from '../features/notices/components/wish-list';
import { i18n, useTranslation } from '../i18n/i18n';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/wish-list';
import '../i18n/ja-notices';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: i18n.t('notices.wishList.title'), description: i18n.t('notices.wishList.description') }),
  { name: 'robots', content: 'noindex' },
];

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

/** `/mypage/wish_list`: the member's my list (§1 wish lists). */
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(loginHref('/mypage/wish_list'));
  return null;
}

export default function WishListPage() {
  const { t } = useTranslation();
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{t('notices.wishList.heading')}</h1>
      <WishList />
    </div>
  );
}
