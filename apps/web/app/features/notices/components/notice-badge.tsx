import { badgeLabel } from '@hondana/domain/notices/notices';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { getNoticeCount } from '../api/newly';
import styles from './notice-badge.module.css';

/**
 * The header's unread count (`/user/get_notice_count`): new-release messages not yet shown
 * plus unread review notices. Fetched in the browser after each navigation, so cached guest
 * pages and the server render stay member-free; nothing shows at 0 or on failure.
 */
export function NoticeBadge() {
  const { t } = useTranslation();
  const location = useLocation();
  const [count, setCount] = useState(0);
  useEffect(() => {
    let live = true;
    getNoticeCount()
      .then((c) => live && setCount(c.total))
      .catch(() => live && setCount(0));
    return () => {
      live = false;
    };
  }, [location.pathname]);
  const label = badgeLabel(count);
  if (!label) return null;
  return (
    <Link to="/mypage/notices" className={styles.badge} aria-label={t('noticesEntry.badge', { count })}>
      {label}
    </Link>
  );
}
