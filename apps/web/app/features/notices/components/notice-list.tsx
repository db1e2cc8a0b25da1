import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryProvider } from '../../../components/query-provider';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import { deleteNewlyMessage } from '../api/newly';
import { newlyMessagesQuery } from '../api/newly-messages-query';
import { reviewNoticesQuery } from '../api/review-notices-query';
import styles from './notices-page.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-notices';

/**
 * お知らせ: new-release messages (unread ones are marked, then recorded as displayed) and the
 * likes and comments on my reviews.
 */
export function NoticeList() {
  return (
    <QueryProvider>
      <Notices />
    </QueryProvider>
  );
}

const MESSAGES = newlyMessagesQuery(0, 50);

function Notices() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const newly = useQuery(MESSAGES);
  const reviews = useQuery(reviewNoticesQuery());
  // A list that could not be read shows as empty.
  const messages = newly.isError ? [] : newly.data?.newlyMessages;
  const reviewNotices = reviews.isError ? [] : reviews.data?.notices;
  // The deleted message leaves the list as it is shown (read again, the others would lose their unread marks).
  const remove = useMutation({
    mutationFn: deleteNewlyMessage,
    onSuccess: (_, id) =>
      queryClient.setQueryData(
        MESSAGES.queryKey,
        (page) => page && { ...page, newlyMessages: page.newlyMessages.filter((m) => m.id !== id) },
      ),
  });

  return (
    <>
      <h2 className={styles.subheading}>{t('notices.newly.heading')}</h2>
      {messages?.length === 0 && <p className={styles.note}>{t('notices.newly.none')}</p>}
      <ul className={styles.list}>
        {messages?.map((m) => (
          <li key={m.id} className={styles.item}>
            <img src={m.imageUrl} alt="" width={64} height={91} loading="lazy" />
            <div className={styles.itemBody}>
              <p>
                {!m.displayed && <span className={styles.unread}>{t('notices.newly.unread')}</span>}
                <Link to={`/series_list/series_id=${m.titleId}?book_id=${m.bookId}`} className={styles.itemTitle}>
                  {t('notices.newly.message', { title: m.titleName, vol: m.vol })}
                </Link>
              </p>
              <p className={styles.meta}>
                {formatTokyoDate(m.releaseDatetime)}・
                {m.reason === 'TITLE' ? t('notices.newly.reasonTITLE') : t('notices.newly.reasonAUTHOR')}
              </p>
            </div>
            <button type="button" className={styles.button} onClick={() => remove.mutate(m.id)}>
              {t('notices.newly.delete')}
            </button>
          </li>
        ))}
      </ul>
      <h2 className={styles.subheading}>{t('reviews.notices.heading')}</h2>
      {reviewNotices?.length === 0 && <p className={styles.note}>{t('reviews.notices.none')}</p>}
      <ul className={styles.list}>
        {reviewNotices?.map((n) => (
          <li key={n.id} className={styles.item}>
            <div className={styles.itemBody}>
              <p>
                {!n.readFlg && <span className={styles.unread}>{t('reviews.notices.unread')}</span>}
                <Link to={`/series_list/series_id=${n.titleId}#reviews`}>
                  {t(n.type === 'LIKE' ? 'reviews.notices.LIKE' : 'reviews.notices.COMMENT', { actor: n.actorName, title: n.titleName })}
                </Link>
              </p>
              <p className={styles.meta}>{formatTokyoDate(n.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
