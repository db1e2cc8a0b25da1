import { EroticType } from '@hondana/domain/catalog/catalog';
import { type CartChangeResponse, type CartItemView, CartType } from '@hondana/domain/cart/cart-api';
import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { SalesStatus, priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import type { Db } from '../../db/schema';
import { entitledBookIds } from '../orders/entitlements';
import { booksForPurchase } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { bundleMateIds, cartSize, deleteCartItems, insertCartItem, moveCartItems, refreshPrices, titleBookIds } from './cart.repository';
import { lockMemberCart } from './bundle.repository';
import { type CartMember, cartLines, loadCart } from './cart-view';

export const limitExceeded = () => new AppError(403, ErrorCode.CART_LIST_LIMIT_EXCEEDED, ['the cart is full']);

export async function changeResponse(db: Db, userId: number, added: number[], skipped: number[]): Promise<CartChangeResponse> {
  return { status: { code: 0 }, results: { added, skipped, cartSize: await cartSize(db, userId) } };
}

/**
 * Adds books in order. Books not on sale (unknown, stopped, or not released yet: those are
 * pre-ordered) and books the member already has are skipped;
 * books already in the cart are skipped too (duplicates ignored). A full cart stops the adding.
 */
function addBooks(db: Db, member: CartMember, bookIds: number[], cartType: string, now: number) {
  return db.transaction().execute(async (trx) => {
    // The size check and the inserts of one member's adds run one at a time (PostgreSQL row lock).
    await lockMemberCart(trx, member.userId);
    const [rows, owned] = await Promise.all([booksForPurchase(trx, bookIds), entitledBookIds(trx, member.userId, bookIds)]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const added: number[] = [];
    const skipped: number[] = [];
    let full = false;
    for (const bookId of bookIds) {
      const row = byId.get(bookId);
      const salable =
        row &&
        isBuyableNow(
          salesStatusAt({ salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime }, now),
        );
      if (!row || !salable || owned.has(bookId) || full) {
        skipped.push(bookId);
        continue;
      }
      const outcome = await insertCartItem(trx, {
        userId: member.userId,
        bookId,
        cartType,
        price: priceAt(toPricing(row), now).price,
        now,
      });
      if (outcome === 'added') added.push(bookId);
      else skipped.push(bookId);
      if (outcome === 'full') full = true;
    }
    return { added, skipped, full };
  });
}

/**
 * `POST /cart/book`: unknown or stopped → 404, not released yet → NOT_ON_RELEASE (it is
 * pre-ordered, not carted), owned → ALREADY_BUY, full cart → CART_LIST_LIMIT_EXCEEDED; a
 * duplicate is skipped.
 */
export async function addBook(db: Db, member: CartMember, bookId: number, now: number): Promise<CartChangeResponse> {
  const [row] = await booksForPurchase(db, [bookId]);
  const status =
    row && salesStatusAt({ salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime }, now);
  if (status === SalesStatus.IN_RESERVATION) throw new AppError(403, ErrorCode.NOT_ON_RELEASE, ['bookId: not released yet (pre-order it)']);
  if (!status || !isBuyableNow(status)) throw notFound('book');
  if ((await entitledBookIds(db, member.userId, [bookId])).size > 0)
    throw new AppError(403, ErrorCode.ALREADY_BUY, ['already have this book']);
  const result = await addBooks(db, member, [bookId], CartType.BOOK, now);
  if (result.full) throw limitExceeded();
  return changeResponse(db, member.userId, result.added, result.skipped);
}

/** `POST /cart/books` (also the guest cart merge at login): duplicates and owned books are skipped. */
export async function addManyBooks(db: Db, member: CartMember, bookIds: number[], now: number): Promise<CartChangeResponse> {
  const result = await addBooks(db, member, bookIds, CartType.BOOK, now);
  if (result.full && result.added.length === 0) throw limitExceeded();
  return changeResponse(db, member.userId, result.added, result.skipped);
}

/** `POST /cart/bulk`: every volume on sale of the title the member does not have yet. */
export async function addTitle(db: Db, member: CartMember, titleId: number, now: number): Promise<CartChangeResponse> {
  const ids = (await titleBookIds(db, titleId)).map((r) => r.id);
  if (ids.length === 0) throw notFound('title');
  const result = await addBooks(db, member, ids, CartType.BULK, now);
  if (result.full && result.added.length === 0) throw limitExceeded();
  return changeResponse(db, member.userId, result.added, result.skipped);
}

/** A bundle line moves and goes as a whole: its cart id stands for every row of the bundle. */
async function withBundleRows(db: Db, userId: number, cartIds: number[]): Promise<number[]> {
  return [...new Set([...cartIds, ...(await bundleMateIds(db, userId, cartIds))])];
}

export async function moveItems(db: Db, member: CartMember, cartIds: number[], to: 'ACTIVE' | 'LATER'): Promise<CartChangeResponse> {
  const moved = await moveCartItems(db, member.userId, await withBundleRows(db, member.userId, cartIds), to);
  return changeResponse(
    db,
    member.userId,
    moved,
    cartIds.filter((id) => !moved.includes(id)),
  );
}

export async function removeItems(db: Db, member: CartMember, cartIds: number[]): Promise<CartChangeResponse> {
  const removed = await deleteCartItems(db, member.userId, await withBundleRows(db, member.userId, cartIds));
  return changeResponse(
    db,
    member.userId,
    removed,
    cartIds.filter((id) => !removed.includes(id)),
  );
}

/** `GET /cart/me/later_items`. */
export async function laterItems(
  db: Db,
  member: CartMember,
  now: number,
  includeAdult = true,
): Promise<{ totalCount: number; items: CartItemView[]; errors: string[]; errorType: string | null }> {
  const state = await loadCart(db, member, now);
  // §6/§7 ac: a later item of an R18 title only for a verified adult who asked.
  const items = cartLines(includeAdult ? state.later : state.later.filter((l) => l.row.erotic_type !== EroticType.R18));
  return { totalCount: items.length, items, errors: [], errorType: null };
}

/** `POST /cart/items/refresh`: the member has seen the current prices (CHANGED_PRICE warnings go). */
export async function refreshCart(db: Db, member: CartMember, now: number): Promise<void> {
  const state = await loadCart(db, member, now);
  await refreshPrices(db, member.userId, new Map([...state.active, ...state.later].map((l) => [l.row.cart_id, l.view.price])));
}
