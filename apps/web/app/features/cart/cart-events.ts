/**
 * The header's cart count listens for this event: the cart button sends it after adding a book
 * (with the cart's new count), so the count updates without a reload (issue 16).
 */
export const CART_CHANGED = 'hondana:cart-changed';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(CART_CHANGED, { detail: count }));
}
