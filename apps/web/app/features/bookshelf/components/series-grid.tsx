import type { ShelfSeries } from '@hondana/domain/bookshelf/bookshelf';
import { Link } from 'react-router';
import { shelfCopy } from '../../../i18n/ja-bookshelf';
import styles from './bookshelf.module.css';

type SeriesGridProps = {
  series: ShelfSeries[];
  /** The shelf URL that opens a series (the current filters kept). */
  hrefOf: (titleId: number) => string;
};

/** One tile per series: the newest owned cover, the title and how many of its books are here. */
export function SeriesGrid({ series, hrefOf }: SeriesGridProps) {
  return (
    <ul className={styles.grid}>
      {series.map((item) => (
        <li key={item.titleId}>
          <Link
            to={hrefOf(item.titleId)}
            className={styles.tile}
            aria-label={shelfCopy('series.open', { title: item.titleName, count: item.bookCount })}
          >
            <span className={styles.coverBox}>
              {item.imageUrl ? <img src={item.imageUrl} alt="" loading="lazy" className={styles.cover} /> : null}
              <span className={styles.countBadge}>{shelfCopy('series.count', { count: item.bookCount })}</span>
            </span>
            <span className={styles.tileTitle}>{item.titleName}</span>
            {item.authors[0] && <span className={styles.meta}>{item.authors[0].name}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
