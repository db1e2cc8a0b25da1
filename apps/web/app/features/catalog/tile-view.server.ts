import { tileLabels } from '@hondana/domain/catalog/book-tile';
import type { BookTile } from '@hondana/domain/catalog/catalog-api';
import type { RankingEntry } from '@hondana/domain/catalog/rankings-api';
import type { TileView } from '../../components/book-tile';
import { seriesHref } from './series-href';

/**
 * Catalog records → tiles, on the server: labels come from the domain's tile rules at the
 * request's instant (so they never depend on the browser's clock or time zone).
 */
type TileOptions = {
  rank?: number | null;
  /** Show the page-type ribbon. */
  ribbon?: boolean;
  freeVolumes?: number | null;
  refundCoins?: number | null;
  /** Link to the title rather than to this volume. */
  toTitle?: boolean;
};

export function tileFromBook(book: BookTile, now: number, options: TileOptions = {}): TileView {
  return {
    bookId: book.bookId,
    titleId: book.titleId,
    title: book.title,
    vol: book.vol,
    imageUrl: book.imageUrl,
    price: book.price,
    beforePrice: book.beforePrice,
    free: book.free,
    showPrice: true,
    href: options.toTitle ? seriesHref(book.titleId) : seriesHref(book.titleId, book.bookId),
    labels: tileLabels(
      {
        rating: book.rating,
        price: book.price,
        beforePrice: book.beforePrice,
        startDatetime: book.startDatetime,
        freeVolumes: options.freeVolumes,
        refundCoins: options.refundCoins ?? book.refundCoins,
        rank: options.rank,
        ribbonPageType: options.ribbon ? book.pageType : null,
      },
      now,
    ),
  };
}

/** A ranking entry: the title's newest volume with the entry's rank badge, linking to the title. */
export function tileFromRanking(entry: RankingEntry, now: number, options: Pick<TileOptions, 'ribbon'> = {}): TileView {
  return {
    ...tileFromBook(entry.book, now, { ...options, rank: entry.rank, toTitle: true }),
    title: entry.titleName,
  };
}
