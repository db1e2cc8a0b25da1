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
  const period = (p: SeriesPage['salePeriod']) => (p ? (periodEndLabel(p.endDatetime) ?? i18n.t('series.noEnd')) : null);
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

/** A volume's running pre-order bonuses (§3 Pre-order bonus): each with the points it adds at the price in effect. */
interface PreOrderBonusView {
  totalPoint: number;
  list: { id: number; name: string; totalPoint: number }[];
}

/** The volume detail block (§3 Book detail) with its dates written out, the guest coupon banner and a pre-order's running bonuses. */
export function volumeDetailView(
  book: BookDetail,
  {
    couponBanner = null,
    isMember = false,
    preOrderBonus = null,
  }: { couponBanner?: BookCouponBanner | null; isMember?: boolean; preOrderBonus?: PreOrderBonusView | null } = {},
) {
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
    bundle: bundleCart === null ? null : { href: isMember ? bundleCart : loginHref(bundleCart), price: book.bundleSalePrice ?? 0 },
    isBulkBuy: book.isBulkBuy,
    /** §3 `newTags`: released within the last seven days (新刊). */
    isNew: book.newTags.includes(NEW_TAG),
    /** §3 `rank`: the title's place in the daily ranking, when in its first 100. */
    rank: book.rank,
    samplePageTotal: book.samplePageTotal,
    hasSample: book.hasSample,
    description: book.description,
    couponBanner,
    /** Shown only for a volume open for pre-order with a bonus running. */
    preOrderBonus: book.reservable && preOrderBonus && preOrderBonus.list.length > 0 ? preOrderBonus : null,
  };
}
export type VolumeDetailView = ReturnType<typeof volumeDetailView>;
