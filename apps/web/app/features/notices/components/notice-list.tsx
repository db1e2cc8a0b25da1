import type { NewlyMessage } from '@hondana/domain/notices/notices';
import type { ReviewNotice } from '@hondana/domain/reviews/reviews-api';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { japaneseDate } from '../../../lib/japanese-date';
import { deleteNewlyMessage, getNewlyMessages, getReviewNotices, markDisplayed } from '../api/newly';
import styles from './notices-page.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-notices';

/**
 * お知らせ: new-release messages (unread ones are marked, then recorded as displayed) and the
 * likes and comments on my reviews.
 */
export function NoticeList() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<NewlyMessage[] | null>(null);
  const [reviewNotices, setReviewNotices] = useState<ReviewNotice[] | null>(null);
  useEffect(() => {
    getNewlyMessages(0, 50)
      .then((page) => {
        setMessages(page.newlyMessages);
        const unseen = page.newlyMessages.filter((m) => !m.displayed).map((m) => m.id);
        if (unseen.length > 0) void markDisplayed(unseen).catch(() => undefined);
      })
      .catch(() => setMessages([]));
    getReviewNotices()
      .then((page) => setReviewNotices(page.notices))
      .catch(() => setReviewNotices([]));
  }, []);

  async function remove(id: number) {
    await deleteNewlyMessage(id);
    setMessages((prev) => prev?.filter((m) => m.id !== id) ?? null);
  }

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
                {japaneseDate(m.releaseDatetime)}・{m.reason === 'TITLE' ? t('notices.newly.reasonTITLE') : t('notices.newly.reasonAUTHOR')}
              </p>
            </div>
            <button type="button" className={styles.button} onClick={() => remove(m.id)}>
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
              <p className={styles.meta}>{japaneseDate(n.createdAt)}</p>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
