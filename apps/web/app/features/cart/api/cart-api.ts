import type {
  CartChangeResponse,
  CartView,
  CouponListItem,
  CouponListResponse,
  LaterItemsResponse,
  OrderV3Body,
  OrderV3Response,
} from '@hondana/domain/cart/cart-api';
import { createToken } from '../../../lib/api/client';
import { apiDelete, apiGet, apiPost } from '../../../lib/api/no-login-redirect';
import { clearGuestCart, readGuestCart } from '../guest-cart-storage';

/** The cart calls of §7. */
export const getCart = (usePoint = 0) => apiGet<CartView>('/cart/me/active_items', { use_point: usePoint });
export const getLaterItems = () => apiGet<LaterItemsResponse>('/cart/me/later_items', { ac: 1 });
export type { CouponListItem };
export const getCoupons = () => apiGet<CouponListResponse>('/cart/coupons');
export const addToCart = (bookId: number) => apiPost<CartChangeResponse>('/cart/book', { book_id: bookId });
export const moveToLater = (cartId: number) => apiPost<CartChangeResponse>('/cart/items/invalid', { cart_ids: [cartId] });
export const moveToCart = (cartId: number) => apiPost<CartChangeResponse>('/cart/items/valid', { cart_ids: [cartId] });

export async function removeFromCart(cartId: number): Promise<void> {
  await apiDelete('/cart/items', { cart_ids: cartId });
}

const cartToken = () => createToken('/cart/create_token');

export async function setCoupon(couponId: number): Promise<CartView> {
  return apiPost<CartView>('/cart/coupon', { couponId }, { token: await cartToken() });
}

/** 使わない chosen in this browser session: the cart stops choosing the best coupon by itself. */
const DECLINED_KEY = 'hondana.cart.couponDeclined';

export function declineCoupons(declined: boolean): void {
  try {
    if (declined) window.sessionStorage.setItem(DECLINED_KEY, '1');
    else window.sessionStorage.removeItem(DECLINED_KEY);
  } catch {
    // Storage refused (private mode): the best coupon is chosen again on the next visit.
  }
}

function couponsDeclined(): boolean {
  try {
    return window.sessionStorage.getItem(DECLINED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * §5 / issue 34 item 16: the cart opens with the coupon it marks いちばんお得 already applied
 * (the server checks and prices it), unless the member chose 使わない in this session or picked
 * one. A refusal leaves the cart as it was.
 */
export async function preselectBestCoupon(cart: CartView): Promise<CartView> {
  const best = cart.applicableCoupons[0];
  if (cart.cartCoupon !== null || !best || couponsDeclined()) return cart;
  try {
    return await setCoupon(best.id);
  } catch {
    return cart;
  }
}

export async function removeCoupon(): Promise<void> {
  await apiDelete('/cart/coupon', { token: await cartToken() });
}

export async function orderCart(body: OrderV3Body): Promise<OrderV3Response> {
  return apiPost<OrderV3Response>('/cart/order/v3', body, { token: await cartToken() });
}

/** Moves the guest cart (kept in this browser) into the member's cart; the local copy goes once merged. */
export async function mergeGuestCart(): Promise<void> {
  const ids = readGuestCart();
  if (ids.length === 0) return;
  await apiPost<CartChangeResponse>('/cart/books', { book_ids: ids });
  clearGuestCart();
}
