import { AmountUnit, formatIn } from '@hondana/domain/common/amount-unit';
import type { TileLabels } from '@hondana/domain/catalog/book-tile';
import { formatAmount } from '@hondana/domain/common/format';
import { coverSrcSetFor } from '@hondana/domain/catalog/media-urls';
import { useTranslation } from '../i18n/i18n';
import { CoinIcon } from './coin-icon';
import { CoverSources, jpegOf } from './cover-sources';
import { PageLink } from './page-link';
import { StarRating } from './star-rating';
import styles from './book-tile.module.css';

/**
 * A tile as pages render it: the book's fields plus its labels, derived on the server by
 * the domain's tile rules (packages/domain/src/catalog/book-tile.ts) so the markup never depends on
 * the browser's clock or time zone.
 */
export type TileView = {
  bookId: number;
  titleId: number;
  title: string;
  /** Null for a title-level tile (search results). */
  vol: number | null;
  /** The cover at tile width; the component writes its srcset (WebP and JPEG) from it. */
  imageUrl: string;
  price: number;
  beforePrice: number | null;
  free: boolean;
  /** Null where a list has no price to show (search results). */
  showPrice: boolean;
  labels: TileLabels;
  href: string;
};

type BookTileProps = {
  book: TileView;
  /** Set on the first tiles of a page so the browser fetches their covers early. */
  eager?: boolean;
};

/** Tile widths of §9: 106 px on mobile and tablet, 128 px from the 1080 px breakpoint. */
const coverSizes = '(min-width: 1080px) 128px, 106px';

/** §2 "Other widgets": cover, title, stars with score, labels, price and badges. */
export function BookTile({ book, eager = false }: BookTileProps) {
  const { t } = useTranslation();
  const { labels } = book;
  const alt = book.vol === null ? t('bookTile.altTitle', { title: book.title }) : t('bookTile.alt', { title: book.title, vol: book.vol });
  return (
    <article className={styles.tile}>
      <PageLink to={book.href} className={styles.link}>
        <div className={styles.cover}>
          <picture>
            <CoverSources imageUrl={book.imageUrl} sizes={coverSizes} />
            <img
              src={jpegOf(book.imageUrl)}
              srcSet={coverSrcSetFor(book.imageUrl, 'jpg') || undefined}
              sizes={coverSizes}
              alt={alt}
              width={128}
              height={181}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              fetchPriority={eager ? 'high' : undefined}
            />
          </picture>
          {labels.rank && (
            <span className={`${styles.rank} ${styles[labels.rank.tier]}`}>
              <span className="visually-hidden">{t('bookTile.rank')}</span>
              {labels.rank.rank}
            </span>
          )}
          {labels.ribbon && <span className={styles.ribbon}>{labels.ribbon}</span>}
          {book.free && <span className={styles.freeLabel}>{t('bookTile.free')}</span>}
        </div>
        <h3 className={styles.title}>
          {book.title}
          {book.vol !== null && <span className={styles.vol}>{` ${t('bookTile.vol', { vol: book.vol })}`}</span>}
        </h3>
      </PageLink>
      <StarRating stars={labels.stars} score={labels.score} label={t('bookTile.rating', { score: labels.score })} />
      {(labels.isNew || labels.freeVolumes || labels.start) && (
        <p className={styles.labels}>
          {labels.isNew && <span className={styles.newMark}>{t('bookTile.new')}</span>}
          {labels.freeVolumes && <span className={styles.freeVolumes}>{labels.freeVolumes}</span>}
          {labels.start && <span className={styles.start}>{labels.start}</span>}
        </p>
      )}
      {book.showPrice && (
        <p className={styles.price}>
          {book.free ? (
            // A free book reads 無料, not a struck price and a red 0.
            <span className={styles.zero}>{t('bookTile.free')}</span>
          ) : (
            <>
              {labels.priceChanged && book.beforePrice !== null && (
                <s className={styles.beforePrice}>
                  <span className="visually-hidden">{t('bookTile.beforePrice')}</span>
                  {formatAmount(book.beforePrice)}
                </s>
              )}
              <span className={styles.current}>
                <span className="visually-hidden">{t('bookTile.price')}</span>
                <CoinIcon />
                <span>{formatAmount(book.price)}</span>
              </span>
            </>
          )}
        </p>
      )}
      {labels.refund && (
        <p className={styles.refund}>
          <span className={styles.refundBadge}>{labels.refund.label}</span>
          {formatIn(labels.refund.coins, AmountUnit.POINT)}
        </p>
      )}
    </article>
  );
}
