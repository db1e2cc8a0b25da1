import { type ReactNode, useRef } from 'react';
import { Kept } from '../lib/kept-markup';
import { useModuleTracking } from '../lib/module-tracking';
import { BookTile, type TileView } from './book-tile';
import styles from './tile-list.module.css';

type TileListProps = {
  tiles: TileView[];
  /** `row` scrolls sideways on narrow screens (top page modules); `grid` wraps. */
  layout?: 'grid' | 'row';
  /** How many of the first covers load eagerly (largest contentful paint). */
  eager?: number;
  /** The §7 tracking `ref` the tiles' links carry (where in the store the tap was made). */
  linkRef?: string;
  /**
   * The same tiles for everyone (a ranking, new releases; not a member's recommendations): the
   * server keeps their markup by their data and sends it again without rendering them (`Kept`).
   */
  kept?: boolean;
};

/** `href` with the tracking `ref` parameter. */
const withRef = (href: string, ref: string | undefined): string =>
  ref ? `${href}${href.includes('?') ? '&' : '?'}ref=${encodeURIComponent(ref)}` : href;

/** A list of book tiles. */
export function TileList({ tiles, layout = 'grid', eager = 0, linkRef, kept }: TileListProps) {
  const list = (
    <ul className={layout === 'row' ? styles.row : styles.grid}>
      {tiles.map((tile, i) => (
        <li key={`${tile.bookId}-${tile.titleId}`} data-title-id={tile.titleId} data-position={i + 1}>
          <BookTile book={linkRef ? { ...tile, href: withRef(tile.href, linkRef) } : tile} eager={i < eager} />
        </li>
      ))}
    </ul>
  );
  // Kept markup is the server's alone: the browser build leaves `Kept` out (`import.meta.env.SSR` is false there).
  return import.meta.env.SSR && kept ? (
    <Kept as="ul" className={list.props.className} keyOf={() => JSON.stringify(['tiles', tiles, eager, linkRef ?? null])}>
      {list.props.children}
    </Kept>
  ) : (
    list
  );
}

type SectionProps = {
  id: string;
  heading: string;
  /** A link shown right of the heading (もっと見る). */
  action?: ReactNode;
  children: ReactNode;
};

/** A titled block of a store page: a module of §7 tracking, named by its id. */
export function Section({ id, heading, action, children }: SectionProps) {
  const ref = useRef<HTMLElement>(null);
  useModuleTracking(ref, id);
  return (
    <section ref={ref} className={styles.section} aria-labelledby={id}>
      <div className={styles.headingRow} data-section-heading="">
        <h2 id={id} className={styles.heading}>
          {heading}
        </h2>
        {action}
      </div>
      {children}
    </section>
  );
}
