import { type ReactNode } from 'react';
import { BookTile, type TileView } from './book-tile';
import styles from './tile-list.module.css';

export type TileListProps = {
  tiles: TileView[];
  /** `row` scrolls sideways on narrow screens (top page modules); `grid` wraps. */
  layout?: 'grid' | 'row';
  /** How many of the first covers load eagerly (largest contentful paint). */
  eager?: number;
};

/** A list of book tiles. */
export function TileList({ tiles, layout = 'grid', eager = 0 }: TileListProps) {
  return (
    <ul className={layout === 'row' ? styles.row : styles.grid}>
      {tiles.map((tile, i) => (
        <li key={`${tile.bookId}-${tile.titleId}`}>
          <BookTile book={tile} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
}

export type SectionProps = {
  id: string;
  heading: string;
  /** A link shown right of the heading (もっと見る). */
  action?: ReactNode;
  children: ReactNode;
};

/** A titled block of a store page. */
export function Section({ id, heading, action, children }: SectionProps) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.headingRow}>
        <h2 id={id} className={styles.heading}>
          {heading}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
