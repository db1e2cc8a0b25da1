import type { ReviewSort } from '@hondana/domain/reviews/reviews';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/i18n';
import { QueryProvider } from '../../../components/query-provider';
import { useTitleReviews } from '../api/title-reviews';
import { ReviewCard } from './review-card';
import styles from './review-list.module.css';
import '../../../i18n/ja-reviews';
import '../../../i18n/ja-reviews-entry';

type Props = { titleId: number; isMember: boolean; loginTo: string; editorHref: string };

/** Loaded lazily by ReviewsSection: the member's own review first, then popular or new, 10 a page. */
export default function ReviewList(props: Props) {
  return (
    <QueryProvider>
      <List {...props} />
    </QueryProvider>
  );
}

const SORTS: { sort: ReviewSort; key: 'reviews.sortPopular' | 'reviews.sortNew' }[] = [
  { sort: 'popular', key: 'reviews.sortPopular' },
  { sort: 'new', key: 'reviews.sortNew' },
];

function List({ titleId, isMember, loginTo, editorHref }: Props) {
  const { t } = useTranslation();
  const [sort, setSort] = useState<ReviewSort>('popular');
  const query = useTitleReviews(titleId, sort);
  const pages = query.data?.pages ?? [];
  const mine = pages[0]?.myReviews ?? [];
  const others = pages.flatMap((p) => p.reviews);
  return (
    <div>
      <div className={styles.sorts} role="group" aria-label={t('reviews.sort')}>
        {SORTS.map((s) => (
          <button key={s.sort} type="button" aria-pressed={sort === s.sort} className={styles.sort} onClick={() => setSort(s.sort)}>
            {t(s.key)}
          </button>
        ))}
      </div>
      {query.isPending && <p className={styles.status}>{t('reviewsEntry.loading')}</p>}
      {query.isError && <p className={styles.status}>{t('reviews.failed')}</p>}
      {query.isSuccess && mine.length + others.length === 0 && <p className={styles.status}>{t('reviews.none')}</p>}
      <ul className={styles.list}>
        {[...mine, ...others].map((review) => (
          <li key={review.id}>
            <ReviewCard review={review} titleId={titleId} isMember={isMember} loginTo={loginTo} editorHref={editorHref} />
          </li>
        ))}
      </ul>
      {query.hasNextPage && (
        <button type="button" className={styles.more} disabled={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
          {t('reviews.more')}
        </button>
      )}
    </div>
  );
}
