/**
 * The header's cart count (rendered by the server from the root loader) listens for this event:
 * the cart button and the cart page send it with the cart's new count, so it follows without a
 * reload and without a script of its own on every page (series page JS budget).
 */
export const CART_CHANGED = 'hondana:cart-changed';

export function announceCartCount(count: number): void {
  window.dispatchEvent(new CustomEvent<number>(CART_CHANGED, { detail: count }));
}
