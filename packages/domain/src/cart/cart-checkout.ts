/**
 * Cart contract, second part: bundles, order v2, paying the cart by card or carrier,
 * and the bulk-buy title list. Paths under `/api`, member calls 401 without a session:
 *
 *   POST /cart/bundle          bundle_id                → CartChangeResponse (cartType BUNDLE, one line for its books)
 *   GET  /bundles/{id}                                  → BundleView (public)
 *   POST /cart/order/v2        token, use_point, sale_price, item_size, payment_type (form) → OrderV3Response
 *   POST /cart/order/v3?token= CartOrderBody            → CartOrderResponse
 *   GET  /cart/order/{order_id}                         → CartOrderStatus (after the provider's return URL)
 *   GET  /point_campaign/bulk_buy_title_list?offset=&limit= → BulkBuyTitleList
 *
 * Order v2 and v3 run one checkout: v2 names the cart by its size (`item_size`, the preview's
 * `totalCount`), v3 by its book ids. Card payments are decided at once; carrier and wallet
 * payments leave the order PROCESSING, send the member to the provider's page and deliver the
 * books when the provider reports the approval (once, however often it is reported).
 */
import { z } from 'zod';
import { rowId } from '../common/ids';
import { CART_LIMIT, OrderV3Body } from './cart-api';
import { CardId, type CoinPaymentMethod, RefusedCardData, coinPaymentMethods } from '../wallet/wallet-payments';

/** The response schemas of these routes live with the others, in `cart-api.ts`. */
export { BulkBuyTitle, BulkBuyTitleList, BundleView, CartOrderPending, CartOrderResponse, CartOrderStatus } from './cart-api';

const id = rowId;
const int = z.coerce.number({ message: 'must be a number' }).int().min(0);

export const CartBundleBody = z.object({ bundle_id: id });
export const BundleIdPath = z.object({ id });

/** How the cart is paid: the wallet's coins, or a provider method (card at once, the others on the provider's page). */
const cartPaymentTypes = ['COIN', 'MANGA_COIN', ...coinPaymentMethods] as const;
export type CartPaymentType = (typeof cartPaymentTypes)[number];
export const isProviderMethod = (p: CartPaymentType): p is Extract<CartPaymentType, CoinPaymentMethod> =>
  p !== 'COIN' && p !== 'MANGA_COIN';

const returnUrl = z
  .string()
  .max(500)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'must be a path on this site');

export const CartOrderBody = OrderV3Body.extend({
  paymentType: z.enum(cartPaymentTypes, { message: `must be one of ${cartPaymentTypes.join(', ')}` }),
  /** Required for creditcard: the provider's card id (never the card itself). */
  cardId: CardId.optional(),
  card: RefusedCardData,
  /** Where the provider's page sends the member back (carrier and wallet payments). */
  returnUrl: returnUrl.default('/cart'),
});
export type CartOrderBody = z.infer<typeof CartOrderBody>;

/** §7 order v2 (form fields): payment_type COIN or MANGA_COIN, or their §9 codes 0 and 2. */
export const OrderV2Body = z.object({
  token: z.string({ message: 'is required' }).min(1).max(200),
  use_point: int,
  sale_price: int,
  item_size: z.coerce.number({ message: 'must be a number' }).int().min(1).max(CART_LIMIT),
  payment_type: z
    .union([z.enum(['COIN', 'MANGA_COIN']), z.enum(['0', '2']), z.literal(0), z.literal(2)], {
      message: 'must be COIN, MANGA_COIN, 0 or 2',
    })
    .transform((v): 'COIN' | 'MANGA_COIN' => (v === 'COIN' || v === '0' || v === 0 ? 'COIN' : 'MANGA_COIN')),
});

export const OrderIdParam = z.object({ order_id: id });

export const BulkBuyTitleListQuery = z.object({
  offset: int.default(0),
  limit: z.coerce.number({ message: 'must be a number' }).int().min(1).max(100).default(30),
  ac: z.coerce.number().int().optional(),
});

/**
 * Splits a bundle price over its books in proportion to their prices (integer yen; the rounding
 * remainder goes to the first books, one yen each), so that order lines, coupons and points work
 * per book and always add up to the bundle price. Books priced 0 get 0 unless all are 0.
 */
export function allocateBundlePrice(bundlePrice: number, prices: readonly number[]): number[] {
  if (prices.length === 0) return [];
  const total = prices.reduce((s, p) => s + p, 0);
  const weights = total > 0 ? prices : prices.map(() => 1);
  const weightSum = total > 0 ? total : prices.length;
  const shares = weights.map((w) => Math.floor((bundlePrice * w) / weightSum));
  let rest = bundlePrice - shares.reduce((s, p) => s + p, 0);
  for (let i = 0; rest > 0; i = (i + 1) % shares.length) {
    if (weights[i]! > 0) {
      shares[i]! += 1;
      rest -= 1;
    }
  }
  return shares;
}
