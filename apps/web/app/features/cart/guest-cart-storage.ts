import { addToGuestCart, parseGuestCart } from '@hondana/domain/guest-cart';

/** §9: local storage keeps the guest cart (book ids) until the member's cart takes it over. */
const KEY = 'hondana.guestCart';

export function readGuestCart(): number[] {
  try {
    return parseGuestCart(window.localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

/** Adds a book (duplicates ignored, at most 100); false when the cart was full. */
export function addGuestBook(bookId: number): boolean {
  const before = readGuestCart();
  const after = addToGuestCart(before, [bookId]);
  window.localStorage.setItem(KEY, JSON.stringify(after));
  return after.includes(bookId);
}

/** Removes one book from the guest cart kept in this browser. */
export function removeGuestBook(bookId: number): void {
  window.localStorage.setItem(KEY, JSON.stringify(readGuestCart().filter((id) => id !== bookId)));
}

export function clearGuestCart(): void {
  window.localStorage.removeItem(KEY);
}
