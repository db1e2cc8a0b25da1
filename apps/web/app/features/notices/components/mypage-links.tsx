import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import styles from './notices-page.module.css';
import '../../../i18n/ja-notices';

/** My page's links to the my list and the notices pages. */
export function MypageNoticeLinks() {
  const { t } = useTranslation();
  return (
    <nav className={styles.links} aria-label={t('notices.mypageLinks')}>
      <Link to="/mypage/wish_list">{t('notices.wishList.heading')}</Link>
      <Link to="/mypage/notices">{t('notices.pageHeading')}</Link>
    </nav>
  );
}
