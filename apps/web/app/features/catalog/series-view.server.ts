import { NEW_TAG, periodEndLabel, priceChanged, scoreLabel, filledStars } from '@hondana/domain/catalog/book-tile';
import { authorRoleLabels } from '@hondana/domain/catalog/catalog';
import { formatJapaneseDate } from '@hondana/domain/common/time';
import type { BookDetail } from '@hondana/domain/catalog/books-api';
import type { SeriesPage } from '@hondana/domain/catalog/titles-api';
import { i18n } from '../../i18n/i18n';
import { loginHref } from '../accounts/login-href';
import type { BookCouponBanner } from '../cart/coupon-banner.server';

/** What the series page header shows, with every date and label already written out (Asia/Tokyo). */
export function seriesHeaderView(series: SeriesPage, volume: BookDetail | null = null, reviewAverage?: number) {
  const average = reviewAverage ?? series.seriesInfo.review.reviewPointAve;
  const cover = volume ?? series.volumes[0] ?? series.freeVolumes.books[0] ?? null;
  const period = (p: SeriesPage['salePeriod']) =>
    p ? (periodEndLabel(p.endDatetime) ?? i18n.t('series.noEnd')) : null;
  return {
    titleId: series.title.id,
    name: series.title.name,
    cover: cover && { imageUrl: cover.imageUrl },
    authors: series.authors.map((a) => ({
      authorId: a.authorId,
      name: a.name,
      role: (authorRoleLabels as Record<string, string>)[a.type] ?? authorRoleLabels.author,
    })),
    score: scoreLabel(average),
    stars: filledStars(average),
    publisherName: series.publisherName,
    magazineName: series.magazineName,
    totalVolumes: series.totalVolumes,
    freeVolumes: series.freeVolumes.count,
    saleEnd: period(series.salePeriod),
    freeEnd: period(series.freePeriod),
    firstBookId: series.firstBookId,
  };
}
export type SeriesHeaderView = ReturnType<typeof seriesHeaderView>;

/** The volume detail block (§3 Book detail) with its dates written out, and the guest coupon banner. */
export function volumeDetailView(book: BookDetail, couponBanner: BookCouponBanner | null = null, isMember = false) {
  // A bundle goes into the cart whole (`/cart?bundle=`); a guest logs in first and comes back.
  const bundleCart = book.bundleId === null ? null : `/cart?bundle=${book.bundleId}`;
  return {
    bookId: book.bookId,
    titleName: book.titleName,
    vol: book.vol,
    imageUrl: book.imageUrl,
    price: book.price,
    beforePrice: priceChanged(book.price, book.beforePrice) ? book.beforePrice : null,
    point: book.point,
    pointTotal: book.pointTotal,
    free: book.free,
    /** The member owns it (no 試し読み or カートに追加 for it). */
    bought: book.bought,
    limitedFree: book.limitedFree,
    limitedSale: book.limitedSale,
    periodEnd: book.limitedFree || book.limitedSale ? periodEndLabel(book.endDatetime) : null,
    reservable: book.reservable,
    startDate: formatJapaneseDate(book.startDatetime),
    bundle:
      bundleCart === null
        ? null
        : { href: isMember ? bundleCart : loginHref(bundleCart), price: book.bundleSalePrice ?? 0 },
    isBulkBuy: book.isBulkBuy,
    /** §3 `newTags`: released within the last seven days (新刊). */
    isNew: book.newTags.includes(NEW_TAG),
    /** §3 `rank`: the title's place in the daily ranking, when in its first 100. */
    rank: book.rank,
    samplePageTotal: book.samplePageTotal,
    hasSample: book.hasSample,
    description: book.description,
    couponBanner,
  };
}
export type VolumeDetailView = ReturnType<typeof volumeDetailView>;
