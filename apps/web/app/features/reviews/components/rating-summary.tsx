import { formatLargeCount } from '@hondana/domain/common/format';
import { type RatingSummary as Summary, starShare } from '@hondana/domain/reviews/reviews';
import { useTranslation } from '../../../i18n/i18n';
import styles from './rating-summary.module.css';
import '../../../i18n/ja-reviews-entry';

/** §3 Rating summary: the average with one decimal, the count, and a bar per star (5 to 1). */
export function RatingSummary({ summary }: { summary: Summary }) {
  const { t } = useTranslation();
  const average = summary.reviewCount === 0 ? '-' : summary.average.toFixed(1);
  const filled = Math.round(summary.average);
  return (
    <div className={styles.summary}>
      <p
        className={styles.average}
        role="img"
        aria-label={t('reviewsEntry.summaryLabel', { average, count: formatLargeCount(summary.reviewCount) })}
      >
        <span className={styles.score} aria-hidden="true">
          {average}
        </span>
        <span className={styles.stars} aria-hidden="true">
          <span className={styles.on}>{'★'.repeat(filled)}</span>
          {'★'.repeat(5 - filled)}
        </span>
        <span className={styles.count} aria-hidden="true">
          {t('reviewsEntry.count', { count: formatLargeCount(summary.reviewCount) })}
        </span>
      </p>
      <ul className={styles.bars}>
        {[5, 4, 3, 2, 1].map((star) => (
          <li key={star} className={styles.bar}>
            <span className={styles.barLabel}>{t('reviewsEntry.starRow', { star })}</span>
            <span className={styles.track} aria-hidden="true">
              <span className={styles.fill} style={{ width: `${starShare(summary, star)}%` }} />
            </span>
            <span className={styles.barCount}>{t('reviewsEntry.starShare', { count: summary.counts[star - 1] ?? 0 })}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
