import { parseGuestCart } from '@hondana/domain/cart/guest-cart';

/**
 * The header's cart count (rendered by the server from the root loader for a member, read from
 * this browser's guest cart for a guest) listens for this event: the cart button, the cart page
 * and the guest cart send it with the cart's new count, so it follows without a reload and
 * without a script of its own on every page (series page JS budget).
 */
export const CART_CHANGED = 'hondana:cart-changed';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(CART_CHANGED, { detail: count }));
}

/** §9: local storage keeps the guest cart (book ids) until the member's cart takes it over. */
export const GUEST_CART_KEY = 'hondana.guestCart';

/** The book ids of this browser's guest cart. */
export function readGuestCart(): number[] {
  try {
    return parseGuestCart(window.localStorage.getItem(GUEST_CART_KEY));
  } catch {
    return [];
  }
}
