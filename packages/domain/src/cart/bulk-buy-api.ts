/**
 * §7 "Cart" まとめ買い (bulk buy) of a range of a title's volumes, from the series page:
 *   GET  /cart/bulk/quote?title_id=&from_vol=&count=&use_coupon=  → BulkQuote (member)
 *   POST /cart/bulk/order?token=  BulkOrderBody                    → OrderV3Response
 *
 * The quote is what the order will cost as the server works it out: the volumes of the range the
 * member does not have and that are on sale (owned and unreleased ones named as left out), their
 * prices, the member's best coupon for them (unless `use_coupon=0`), the points every campaign
 * (bulkBuy included) gives and the balances. The order buys exactly the quoted volumes in one
 * order, paid with coins (the cart's token, `/cart/create_token`): other volumes or another total
 * than the member saw → DIFF_CART_ITEMS_REQUEST / DIFF_PRICE_REQUEST, nothing charged. The
 * member's cart is left as it was, except that the bought volumes leave it.
 */
import { z } from 'zod';
import { jsonRowId, rowId } from '../common/ids';
import { PointCampaignSummary } from '../campaigns/point-campaigns-api';
import { CART_LIMIT } from './cart-api';

const count = z.coerce.number({ message: 'must be a number' }).int().min(1).max(CART_LIMIT);

export const BulkQuoteQuery = z.object({
  title_id: rowId,
  /** Volumes from this volume number on (the whole title when absent). */
  from_vol: z.coerce.number({ message: 'must be a number' }).min(0).max(100_000).optional(),
  /** At most this many volumes to buy (every one in the range when absent). */
  count: count.optional(),
  /** 0: price without a coupon; 1 (default): with the member's best coupon for these volumes. */
  use_coupon: z.coerce.number().int().min(0).max(1).default(1),
  ac: z.coerce.number().int().optional(),
});
export type BulkQuoteQuery = z.infer<typeof BulkQuoteQuery>;

const num = z.number();

const BulkQuoteVolume = z.object({ bookId: num, vol: num, name: z.string(), price: num });
type BulkQuoteVolume = z.infer<typeof BulkQuoteVolume>;

export const BulkQuote = z.object({
  titleId: num,
  volumes: z.array(BulkQuoteVolume),
  bookIds: z.array(num),
  /** Volumes of the range the member already has (owned or pre-ordered): left out. */
  ownedVols: z.array(num),
  /** Volumes of the range not released yet (pre-order them one by one): left out. */
  unreleasedVols: z.array(num),
  /** Σ prices in effect (what the order's `salePrice` repeats). */
  totalPrice: num,
  coupon: z.object({ id: num, name: z.string(), discount: num }).nullable(),
  /** What the member pays: totalPrice − the coupon's discount. */
  payPrice: num,
  pointCampaign: PointCampaignSummary,
  myMangaCoin: num,
  myCoin: num,
});
export type BulkQuote = z.infer<typeof BulkQuote>;

export const BulkOrderBody = z.object({
  titleId: jsonRowId,
  /** The quoted volumes (`BulkQuote.bookIds`). */
  bookIds: z.array(jsonRowId).min(1, 'must name at least one book').max(CART_LIMIT),
  /** The quoted `totalPrice`. */
  salePrice: z.number({ message: 'must be a number' }).int().min(0),
  /** The quoted coupon, or null for none. */
  couponId: jsonRowId.nullable().default(null),
  paymentType: z.enum(['MANGA_COIN', 'COIN'], { message: 'must be MANGA_COIN or COIN' }),
});
export type BulkOrderBody = z.infer<typeof BulkOrderBody>;
