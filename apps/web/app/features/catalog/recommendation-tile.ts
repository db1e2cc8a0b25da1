import { NEW_TAG, filledStars, freeVolumeLabel, priceChanged, scoreLabel } from '@hondana/domain/catalog/book-tile';
import type { RecommendedBook } from '@hondana/domain/catalog/recommendations-api';
import type { TileView } from '../../components/book-tile';
import { seriesHref } from './series-href';

/**
 * A recommended book as a tile, in the browser. Released books only are recommended, so no
 * 'M/d販売' label (which needs the Tokyo calendar) is computed here.
 */
export function tileFromRecommendation(book: RecommendedBook): TileView {
  return {
    bookId: book.bookId,
    titleId: book.titleId,
    title: book.title,
    vol: book.vol,
    imageUrl: book.imageUrl,
    price: book.price,
    beforePrice: book.beforePrice,
    free: book.price === 0,
    showPrice: true,
    href: seriesHref(book.titleId, book.bookId),
    labels: {
      score: scoreLabel(book.rating),
      stars: filledStars(book.rating),
      priceChanged: priceChanged(book.price, book.beforePrice),
      freeVolumes: freeVolumeLabel(book.freeBookVol),
      start: null,
      refund: null,
      rank: null,
      ribbon: null,
      isNew: book.newTags.includes(NEW_TAG),
    },
  };
}
