/**
 * The cart's rules (§3 Cart, Cart item, Order preview; §5 cart): why an item cannot be bought
 * or deserves a look, and the order preview's totals with the points asked for. The request and
 * response schemas are in `cart-api.ts`.
 */
import { CartItemError, CartItemLevel, type OrderTotals } from './cart-api';

/** What an item's validity depends on. */
interface CartItemFacts {
  owned: boolean;
  salable: boolean;
  adultOnly: boolean;
  adultChecked: boolean;
  /** Price when added and price in effect now. */
  priceWhenAdded: number;
  price: number;
}

interface ItemCheck {
  validFlg: boolean;
  level: CartItemLevel;
  errors: CartItemError[];
}

/**
 * Why an item cannot be bought (ERROR: it stays visible but is left out of the order) or
 * deserves a look (WARNING: the price changed since it was added; it is still bought).
 */
export function checkCartItem(facts: CartItemFacts): ItemCheck {
  const errors: CartItemError[] = [];
  if (facts.owned) errors.push(CartItemError.ALREADY_BOUGHT);
  if (!facts.salable) errors.push(CartItemError.INVALID_ITEM);
  if (facts.adultOnly && !facts.adultChecked) errors.push(CartItemError.ADULT_CHECK_REQUIRED);
  if (errors.length > 0) return { validFlg: false, level: CartItemLevel.ERROR, errors };
  if (facts.price !== facts.priceWhenAdded) return { validFlg: true, level: CartItemLevel.WARNING, errors: [CartItemError.CHANGED_PRICE] };
  return { validFlg: true, level: CartItemLevel.NONE, errors: [] };
}

interface TotalsInput {
  /** Prices in effect of the items to buy (tax included). */
  prices: readonly number[];
  /** Regular (list) prices of the same items. */
  regularPrices: readonly number[];
  /** Coupon discount (already capped by the coupon rules). */
  couponDiscount: number;
  /** Points asked for and points held. */
  usePoint: number;
  pointBalance: number;
}

type PointUseRefusal = 'CART_NOT_ENOUGH_POINT' | 'CART_NOT_USE_POINT_OVER_PRICE';

/** The order preview's totals; usePoint outside [minUsePoint, maxUsePoint] is refused. */
export function orderTotals(input: TotalsInput): { ok: true; totals: OrderTotals } | { ok: false; refusal: PointUseRefusal } {
  const salePrice = input.prices.reduce((sum, p) => sum + p, 0);
  const totalDiscount = Math.min(Math.max(Math.floor(input.couponDiscount), 0), salePrice);
  const afterDiscount = salePrice - totalDiscount;
  if (input.usePoint > afterDiscount) return { ok: false, refusal: 'CART_NOT_USE_POINT_OVER_PRICE' };
  if (input.usePoint > input.pointBalance) return { ok: false, refusal: 'CART_NOT_ENOUGH_POINT' };
  const usePoint = Math.max(Math.floor(input.usePoint), 0);
  const totalAmount = afterDiscount - usePoint;
  return {
    ok: true,
    totals: {
      totalCount: input.prices.length,
      totalRegularPrice: input.regularPrices.reduce((sum, p) => sum + p, 0),
      salePrice,
      totalDiscount,
      minUsePoint: 0,
      maxUsePoint: Math.max(Math.min(input.pointBalance, afterDiscount), 0),
      usePoint,
      totalAmount,
      totalPriceIncTax: totalAmount,
    },
  };
}
