import { type ReactNode, Suspense, lazy } from 'react';
import { useNearViewport } from '../../../lib/use-near-viewport';
import { Section } from '../../../components/tile-list';
import { useTranslation } from '../../../i18n/i18n';
import styles from './book-to-book.module.css';

/** TanStack Query and the list load only when the module nears the viewport (JS budget). */
const BookToBookList = lazy(() => import('./book-to-book-list'));

/** §9 skeleton default 12. */
const SKELETON_TILES = 12;

type BookToBookProps = {
  bookId: number;
  titleName: string;
  adult: boolean;
  /** The tracking `ref` of the tiles' links (`book_to_book_reader` on the viewer's last page). */
  linkRef?: string;
};

/**
 * '<title>を好きな人が読んでいる作品' (§2): fetched in the browser; a skeleton while INITIAL or
 * STARTED, hidden when DONE and empty or FAILED (§4 "Recommendation fetch").
 */
export function BookToBook({ bookId, titleName, adult, linkRef }: BookToBookProps) {
  const { t } = useTranslation();
  const heading = t('series.bookToBook', { title: titleName });
  const [setNode, near] = useNearViewport('200px 0px');
  const skeleton = (
    <BookToBookSection heading={heading}>
      <BookToBookSkeleton />
    </BookToBookSection>
  );
  return (
    <div ref={setNode}>
      {near ? (
        <Suspense fallback={skeleton}>
          <BookToBookList bookId={bookId} adult={adult} heading={heading} {...(linkRef ? { linkRef } : {})} />
        </Suspense>
      ) : (
        skeleton
      )}
    </div>
  );
}

export function BookToBookSection({ heading, children }: { heading: string; children: ReactNode }) {
  return (
    <Section id="book-to-book" heading={heading}>
      {children}
    </Section>
  );
}

export function BookToBookSkeleton() {
  return (
    <ul className={styles.skeleton} aria-hidden="true">
      {Array.from({ length: SKELETON_TILES }, (_, i) => (
        <li key={i}>
          <span className={styles.cover} />
          <span className={styles.line} />
          <span className={styles.shortLine} />
        </li>
      ))}
    </ul>
  );
}
