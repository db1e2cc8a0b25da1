/**
 * §5 guest cart: book ids kept in the browser until login. Zod-free, so the series
 * page's cart button can use it without pulling the validation library into its chunk.
 */

/** §5 / §9: the guest cart keeps at most 100 book ids. */
export const GUEST_CART_LIMIT = 100;

/** Adds ids in order: duplicates ignored, nothing added once GUEST_CART_LIMIT is reached. */
export function addToGuestCart(cart: readonly number[], bookIds: readonly number[]): number[] {
  const next = [...cart];
  for (const id of bookIds) {
    if (next.length >= GUEST_CART_LIMIT) break;
    if (!next.includes(id)) next.push(id);
  }
  return next;
}

/** The ids kept in storage, cleaned: integers ≥ 1, duplicates dropped, at most the limit. */
export function parseGuestCart(stored: string | null): number[] {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    if (!Array.isArray(value)) return [];
    return addToGuestCart(
      [],
      value.filter((v): v is number => Number.isInteger(v) && v >= 1),
    );
  } catch {
    return [];
  }
}
