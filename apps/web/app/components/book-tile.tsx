import { formatAmount } from '@hondana/domain/format';
import type { BookTile as BookTileData } from '@hondana/server/modules/catalog/catalog.types';
import { useTranslation } from '../i18n/i18n';
import { Link } from 'react-router';
import { CoinIcon } from './coin-icon';
import styles from './book-tile.module.css';

/** What a tile needs of a book; the catalog's BookTile type is the source. */
export type BookTileBook = Pick<
  BookTileData,
  'bookId' | 'titleId' | 'title' | 'vol' | 'imageUrl' | 'coverSrcSet' | 'price' | 'beforePrice' | 'free' | 'rating'
>;

export type BookTileProps = {
  book: BookTileBook;
  /** Set on the first tiles of a page so the browser fetches their covers early. */
  eager?: boolean;
};

/** Tile widths of §9: 106 px on mobile and tablet, 128 px from the 1080 px breakpoint. */
const coverSizes = '(min-width: 1080px) 128px, 106px';

/** §5: the previous price is shown only when it is an integer different from the price. */
const priceChanged = (price: number, beforePrice: number | null): beforePrice is number =>
  Number.isInteger(beforePrice) && beforePrice !== price;

/** §2 "Other widgets": a book's cover, title and volume, rating and price. */
export function BookTile({ book, eager = false }: BookTileProps) {
  const { t } = useTranslation();
  const href = `/series_list/series_id=${book.titleId}?book_id=${book.bookId}`;
  return (
    <article className={styles.tile}>
      <Link to={href} className={styles.link}>
        <div className={styles.cover}>
          <img
            src={book.imageUrl}
            srcSet={book.coverSrcSet || undefined}
            sizes={book.coverSrcSet ? coverSizes : undefined}
            alt={t('bookTile.alt', { title: book.title, vol: book.vol })}
            width={128}
            height={181}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            fetchPriority={eager ? 'high' : undefined}
          />
          {book.free && <span className={styles.freeLabel}>{t('bookTile.free')}</span>}
        </div>
        <h3 className={styles.title}>
          {book.title} <span className={styles.vol}>{t('bookTile.vol', { vol: book.vol })}</span>
        </h3>
      </Link>
      <Rating score={book.rating} />
      <Price price={book.price} beforePrice={book.beforePrice} free={book.free} />
    </article>
  );
}

function Rating({ score }: { score: number }) {
  const { t } = useTranslation();
  // §2: a dash when the score is 0, otherwise one decimal.
  const label = score > 0 ? score.toFixed(1) : '-';
  const filled = Math.max(0, Math.min(5, Math.round(score)));
  return (
    <p className={styles.rating} aria-label={t('bookTile.rating', { score: label })}>
      <span className={styles.stars} aria-hidden="true">
        <span className={styles.starsOn}>{'★'.repeat(filled)}</span>
        {'★'.repeat(5 - filled)}
      </span>
      <span aria-hidden="true">{label}</span>
    </p>
  );
}

function Price({ price, beforePrice, free }: { price: number; beforePrice: number | null; free: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={styles.price}>
      {priceChanged(price, beforePrice) && (
        <s className={styles.beforePrice}>
          <span className="visually-hidden">{t('bookTile.beforePrice')}</span>
          {formatAmount(beforePrice)}
        </s>
      )}
      <span className={styles.current}>
        <span className="visually-hidden">{t('bookTile.price')}</span>
        <CoinIcon />
        <span className={free ? styles.zero : undefined}>{formatAmount(price)}</span>
      </span>
    </p>
  );
}
