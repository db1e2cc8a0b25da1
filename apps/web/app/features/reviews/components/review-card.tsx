import { formatLargeCount } from '@hondana/domain/common/format';
import { type Review, foldedReviewBody } from '@hondana/domain/reviews/reviews';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../i18n/i18n';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import { setLike } from '../api/review-mutations';
import { ReportButton } from './report-dialog';
import { ReviewComments } from './review-comments';
import styles from './review-card.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-reviews-entry';

type ReviewCardProps = { review: Review; titleId: number; isMember: boolean; loginTo: string; editorHref: string };

/** One review: stars, title, byline, the body (a spoiler stays hidden until tapped), likes, comments, report. */
export function ReviewCard({ review, titleId, isMember, loginTo, editorHref }: ReviewCardProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [revealed, setRevealed] = useState(false);
  const [showComments, setShowComments] = useState(false);
  const [liking, setLiking] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const hidden = review.spoilerFlg && !revealed;
  const fold = foldedReviewBody(review.body);

  async function toggleLike() {
    setLiking(true);
    try {
      await setLike(review.id, !review.likeMe);
      await queryClient.invalidateQueries({ queryKey: ['title_reviews', titleId] });
    } finally {
      setLiking(false);
    }
  }

  return (
    <article className={`${styles.card} ${review.me ? styles.mine : ''}`} aria-label={review.title || t('reviewsEntry.heading')}>
      <header className={styles.head}>
        <span className={styles.stars} role="img" aria-label={t('reviewsEntry.starRow', { star: review.star })}>
          <span className={styles.on}>{'★'.repeat(review.star)}</span>
          {'★'.repeat(5 - review.star)}
        </span>
        {review.me && <span className={styles.mineLabel}>{t('reviews.mine')}</span>}
        {review.spoilerFlg && <span className={styles.spoilerLabel}>{t('reviews.spoiler')}</span>}
        {review.me && (
          <Link to={editorHref} className={styles.edit}>
            {t('reviewsEntry.edit')}
          </Link>
        )}
      </header>
      {review.title && <h3 className={styles.title}>{review.title}</h3>}
      <p className={styles.byline}>{t('reviews.byline', { nickname: review.nickname, date: formatTokyoDate(review.createdAt) })}</p>
      {hidden ? (
        <div className={styles.spoiler}>
          <p>{t('reviews.spoilerHidden')}</p>
          <button type="button" className={styles.reveal} onClick={() => setRevealed(true)}>
            {t('reviews.spoilerShow')}
          </button>
        </div>
      ) : (
        <>
          <p className={styles.body} data-testid="review-body">
            {fold.folded && !expanded ? fold.text : review.body}
          </p>
          {fold.folded && (
            <button type="button" className={styles.more} aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
              {expanded ? t('reviews.fold') : t('reviews.readMore')}
            </button>
          )}
        </>
      )}
      <footer className={styles.actions}>
        {isMember ? (
          <button type="button" className={styles.action} aria-pressed={review.likeMe} disabled={liking || review.me} onClick={toggleLike}>
            <span aria-hidden="true">♥ </span>
            {t('reviews.likeCount', { count: formatLargeCount(review.likeCount) })}
          </button>
        ) : (
          <Link to={loginTo} className={styles.action}>
            <span aria-hidden="true">♥ </span>
            {t('reviews.likeCount', { count: formatLargeCount(review.likeCount) })}
          </Link>
        )}
        <button type="button" className={styles.action} aria-expanded={showComments} onClick={() => setShowComments((v) => !v)}>
          {showComments ? t('reviews.commentsHide') : t('reviews.comments', { count: review.commentCount })}
        </button>
        {isMember && !review.me && <ReportButton target={{ reviewId: review.id }} />}
      </footer>
      {showComments && <ReviewComments review={review} titleId={titleId} isMember={isMember} loginTo={loginTo} />}
    </article>
  );
}
