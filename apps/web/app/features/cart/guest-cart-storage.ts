import { addToGuestCart } from '@hondana/domain/cart/guest-cart';
import { GUEST_CART_KEY as KEY, announceCartCount, readGuestCart } from '../../components/cart-count-event';

export { readGuestCart };

/** Stores the guest cart and tells the header its new count. */
function save(bookIds: number[]): void {
  window.localStorage.setItem(KEY, JSON.stringify(bookIds));
  announceCartCount(bookIds.length);
}

/** Adds a book (duplicates ignored, at most 100); false when the cart was full. */
export function addGuestBook(bookId: number): boolean {
  const before = readGuestCart();
  const after = addToGuestCart(before, [bookId]);
  save(after);
  return after.includes(bookId);
}

/** Removes one book from the guest cart kept in this browser. */
export function removeGuestBook(bookId: number): void {
  save(readGuestCart().filter((id) => id !== bookId));
}

export function clearGuestCart(): void {
  window.localStorage.removeItem(KEY);
  announceCartCount(0);
}
