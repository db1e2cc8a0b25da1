import type { ContinueItem } from '@hondana/domain/bookshelf/bookshelf';
import { Link } from 'react-router';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import { useContinue } from '../api/get-continue';
import styles from './bookshelf.module.css';

/** Where an item opens: the viewer at the synced page (a book), or the episode's viewer. */
const continueHref = (item: ContinueItem): string =>
  item.serialEpisodeId !== null ? `/viewer?serialEpisodeId=${item.serialEpisodeId}` : `/viewer?cid=${item.bookId}&startupPage=${item.page}`;

type ContinueRowProps = {
  /** Shows a link to the whole shelf beside the heading (the top page). */
  withShelfLink?: boolean;
};

/** 続きを読む: the books and serial episodes last opened; nothing while loading, empty or failed. */
export function ContinueRow({ withShelfLink = false }: ContinueRowProps) {
  const { data } = useContinue();
  if (!data || data.items.length === 0) return null;
  return (
    <section className={styles.continue} aria-labelledby="continue-heading">
      <div className={styles.sectionHead}>
        <h2 id="continue-heading" className={styles.sectionHeading}>
          {shelfCopy('continue.heading')}
        </h2>
        {withShelfLink && <Link to="/bookshelf">{shelfCopy('continue.toShelf')}</Link>}
      </div>
      <ul className={styles.continueList}>
        {data.items.map((item) => (
          <li key={`${item.kind}-${item.id}`} className={styles.continueItem}>
            <Link to={continueHref(item)} className={styles.continueLink}>
              <img
                src={item.imageUrl}
                alt=""
                width={106}
                height={item.kind === 'book' ? 150 : 66}
                loading="lazy"
                className={styles.continueCover}
              />
              <span className={styles.continueTitle}>{item.title}</span>
              <span className={styles.meta}>
                {item.kind === 'book' ? shelfCopy('continue.page', { page: item.page + 1 }) : shelfCopy('continue.episode')}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
