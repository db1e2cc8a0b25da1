import { isBuyableNow, salesStatusAt } from '@hondana/domain/catalog/books';
import { priceAt } from '@hondana/domain/catalog/catalog';
import { AppError } from '@hondana/domain/common/errors';
import type { FreeBookResponse } from '@hondana/domain/orders/orders-api';
import { type BuyableBook, buysFreeOnLoad, freeNextBookRefusal } from '@hondana/domain/orders/orders';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Buyer } from './buy.service';
import { entitledBookIds } from './entitlements';
import { booksForPurchase, nextBookId } from './orders.repository';
import { purchase, toPricing } from './purchase';

const nothing = (bookId: number | null, reason: string): FreeBookResponse => ({ bought: false, bookId, orderId: null, reason });

async function buyableBook(db: Kysely<Database>, bookId: number, now: number): Promise<BuyableBook | null> {
  const [row] = await booksForPurchase(db, [bookId]);
  if (!row) return null;
  const window = { salesStatus: row.sales_status, startDatetime: row.start_datetime, endDatetime: row.end_datetime };
  const at = priceAt(toPricing(row), now);
  return { price: at.price, free: at.price === 0, salable: isBuyableNow(salesStatusAt(window, now)), eroticType: row.erotic_type };
}

async function grantFree(db: Kysely<Database>, buyer: Buyer, bookId: number, now: number): Promise<FreeBookResponse> {
  try {
    const { orderId } = await db
      .transaction()
      .execute((trx) => purchase(trx, { ...buyer, bookIds: [bookId], usePoint: 0, currency: 'MANGA_COIN', buyFree: true, now }));
    return { bought: true, bookId, orderId, reason: null };
  } catch (error) {
    // Granted meanwhile by a concurrent load, or no longer free: nothing to do, say why.
    if (error instanceof AppError && error.status === 403) return nothing(bookId, error.messages?.[0] ?? error.errorCode);
    throw error;
  }
}

/**
 * §4 free book on load: a free, salable, unbought book is bought automatically for a logged-in
 * member — not an R18 book while the member's adult check is NONE.
 */
export async function freeBookOnLoad(db: Kysely<Database>, buyer: Buyer, bookId: number, now: number): Promise<FreeBookResponse> {
  const book = await buyableBook(db, bookId, now);
  if (!book) return nothing(bookId, 'book not found');
  const owned = (await entitledBookIds(db, buyer.userId, [bookId])).has(bookId);
  if (!buysFreeOnLoad(true, book, owned, buyer.adultChecked)) {
    return nothing(bookId, owned ? 'already have this book' : !book.free ? 'this book is not free' : 'not granted');
  }
  return grantFree(db, buyer, bookId, now);
}

/** §4/§5: the next volume of `bookId` is bought too when it is free and not owned. */
export async function freeNextBook(db: Kysely<Database>, buyer: Buyer, bookId: number, now: number): Promise<FreeBookResponse> {
  const nextId = await nextBookId(db, bookId);
  const next = nextId === null ? null : await buyableBook(db, nextId, now);
  const refusal = freeNextBookRefusal(nextId, next);
  if (refusal || nextId === null || !next) return nothing(nextId, refusal ?? 'Next book id is null');
  const owned = (await entitledBookIds(db, buyer.userId, [nextId])).has(nextId);
  if (!buysFreeOnLoad(true, next, owned, buyer.adultChecked)) return nothing(nextId, owned ? 'already have this book' : 'not granted');
  return grantFree(db, buyer, nextId, now);
}
