import { badgeLabel } from '@hondana/domain/notices/notices';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import { noticeCountQuery } from '../api/notice-count-query';
import styles from './notice-badge.module.css';

/**
 * The header's unread count (`/user/get_notice_count`): new-release messages not yet shown
 * plus unread review notices. Fetched in the browser after each navigation, so cached guest
 * pages and the server render stay member-free; nothing shows at 0 or on failure.
 */
export function NoticeBadge() {
  return (
    <QueryProvider>
      <Badge />
    </QueryProvider>
  );
}

function Badge() {
  const { t } = useTranslation();
  const location = useLocation();
  const query = useQuery(noticeCountQuery(location.pathname));
  const count = query.isError ? 0 : (query.data?.total ?? 0);
  const label = badgeLabel(count);
  if (!label) return null;
  return (
    <Link to="/mypage/notices" className={styles.badge} aria-label={t('noticesEntry.badge', { count })}>
      {label}
    </Link>
  );
}
