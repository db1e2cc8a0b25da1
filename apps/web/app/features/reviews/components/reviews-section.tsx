import type { RatingSummary as Summary } from '@hondana/domain/reviews/reviews';
import { Suspense, lazy } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { PageLink } from '../../../components/page-link';
import { Section } from '../../../components/tile-list';
import { useTranslation } from '../../../i18n/i18n';
import { RatingSummary } from './rating-summary';
import styles from './reviews-section.module.css';
import '../../../i18n/ja-reviews-entry';

/** TanStack Query and the list load only when the section nears the viewport (render budget). */
const ReviewList = lazy(() => import('./review-list'));

type ReviewsSectionProps = {
  titleId: number;
  summary: Summary;
  isMember: boolean;
  /** 'edit' when the member has reviewed the title (§5), else 'write'. */
  linkMode: 'write' | 'edit';
  editorHref: string;
  loginTo: string;
};

/** The series page's reviews: the summary rendered on the server, the list fetched in the browser. */
export function ReviewsSection(props: ReviewsSectionProps) {
  const { t } = useTranslation();
  const [setNode, near] = useNearViewport('300px 0px');
  const action = (
    <PageLink to={props.isMember ? props.editorHref : props.loginTo} className={styles.write}>
      {props.linkMode === 'edit' ? t('reviewsEntry.edit') : t('reviewsEntry.write')}
    </PageLink>
  );
  return (
    <Section id="reviews" heading={t('reviewsEntry.heading')} action={action}>
      <RatingSummary summary={props.summary} />
      <div ref={setNode} className={styles.list}>
        {near ? (
          <Suspense fallback={<p className={styles.status}>{t('reviewsEntry.loading')}</p>}>
            <ReviewList titleId={props.titleId} isMember={props.isMember} loginTo={props.loginTo} editorHref={props.editorHref} />
          </Suspense>
        ) : (
          <p className={styles.status}>{t('reviewsEntry.loading')}</p>
        )}
      </div>
    </Section>
  );
}
