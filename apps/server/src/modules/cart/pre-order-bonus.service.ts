import { salesStatusAt } from '@hondana/domain/catalog/books';
import { SalesStatus, isListedEroticType, listedEroticTypes, priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import {
  BonusGrantStatus,
  type EarnedBonusList,
  type PreOrderBonus,
  type PreOrderBonusList,
  type PreOrderBookBonus,
  bonusRunning,
  preOrderBonusPoint,
} from '@hondana/domain/orders/pre-orders';
import { expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { type PurchasableBookRow, booksForPurchase, upcomingBooksForPurchase } from '../orders/order-rows';
import { toPricing } from '../orders/purchase';
import { grant, inMoneyTransaction } from '../ledger/ledger';
import * as repo from './pre-order-bonus.repository';
import type { BonusRow } from './pre-order-bonus.repository';

/** Most reservable volumes `GET /pre_order/bonus` lists (soonest releases first). */
const BONUS_LIST_LIMIT = 100;
/** Most due bonuses one settlement pass grants (the next pass takes the rest). */
const SETTLE_BATCH = 200;

const window = (r: PurchasableBookRow) => ({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime });
const reservable = (r: PurchasableBookRow, now: number, includeAdult: boolean) =>
  salesStatusAt(window(r), now) === SalesStatus.IN_RESERVATION && isListedEroticType(r.erotic_type, includeAdult);

/** Bonuses running at `now` that may cover any of `books` (the book's own, its title's, or every pre-order's). */
async function runningBonuses(db: Db, books: readonly PurchasableBookRow[], now: number): Promise<BonusRow[]> {
  if (books.length === 0) return [];
  const bookIds = [...new Set(books.map((b) => b.id))];
  const titleIds = [...new Set(books.map((b) => b.title_id))];
  const rows = await repo.bonusesCovering(db, { bookIds, titleIds, now });
  return rows.filter((r) => bonusRunning({ startDatetime: r.start_at, endDatetime: r.end_at }, now));
}

const covers = (bonus: BonusRow, book: Pick<PurchasableBookRow, 'id' | 'title_id'>) =>
  bonus.book_id !== null ? bonus.book_id === book.id : bonus.title_id === null || bonus.title_id === book.title_id;

const priceOf = (book: PurchasableBookRow, now: number) => priceAt(toPricing(book), now).price;

function toBonus(bonus: BonusRow, book: PurchasableBookRow, price: number): PreOrderBonus {
  return {
    id: bonus.id,
    name: bonus.name,
    rate: bonus.rate,
    points: bonus.points,
    startDatetime: bonus.start_at,
    endDatetime: bonus.end_at,
    totalPoint: preOrderBonusPoint(bonus, price),
    bookId: book.id,
  };
}

/** `GET /pre_order/bonus/by_book`: what pre-ordering the volume now earns; INVALID_BOOK_ID unless it is open for pre-order. */
export async function bonusesByBook(db: Db, bookId: number, includeAdult: boolean, now: number): Promise<PreOrderBookBonus> {
  const [book] = await booksForPurchase(db, [bookId]);
  if (!book || !reservable(book, now, includeAdult))
    throw new AppError(400, ErrorCode.INVALID_BOOK_ID, ['book_id: not open for pre-order']);
  const price = priceOf(book, now);
  const list = (await runningBonuses(db, [book], now)).filter((b) => covers(b, book)).map((b) => toBonus(b, book, price));
  return {
    bookId,
    price,
    releaseDatetime: book.start_datetime,
    totalCount: list.length,
    totalPoint: list.reduce((s, b) => s + b.totalPoint, 0),
    list,
  };
}

/** `GET /pre_order/bonus`: the bonuses open now, one entry per covered reservable volume (of `titleId` when given). */
export async function listBonuses(db: Db, titleId: number | undefined, includeAdult: boolean, now: number): Promise<PreOrderBonusList> {
  const upcoming = await upcomingBooksForPurchase(db, {
    titleId,
    eroticTypes: listedEroticTypes(includeAdult),
    now,
    limit: BONUS_LIST_LIMIT,
  });
  const books = upcoming.filter((b) => reservable(b, now, includeAdult));
  const bonuses = await runningBonuses(db, books, now);
  const list = books.flatMap((book) => {
    const price = priceOf(book, now);
    return bonuses.filter((b) => covers(b, book)).map((b) => toBonus(b, book, price));
  });
  return { totalCount: list.length, list };
}

/** A volume's running bonuses as the volume page shows them: each with the points it adds at `price`. */
export interface VolumeBonus {
  totalPoint: number;
  list: { id: number; name: string; totalPoint: number }[];
}

/**
 * The bonuses not ended when read, kept per database for the volume page (a hot route: a guest's
 * warm volume page runs no statement for them) from the instant they were read until the next
 * instant one of them starts or ends, and forgotten on a catalog change (`forgetKeptBonuses`; the
 * console's bonus editor counts one). Pre-orders themselves read the bonuses afresh in their
 * transaction (`recordPreOrderBonuses`).
 */
const keptBonuses = new WeakMap<object, { from: number; until: number; rows: Promise<BonusRow[]> }>();

export function forgetKeptBonuses(db: Kysely<Database>): void {
  keptBonuses.delete(db);
}

function bonusesKept(db: Kysely<Database>, now: number): Promise<BonusRow[]> {
  const kept = keptBonuses.get(db);
  if (kept && kept.from <= now && now < kept.until) return kept.rows;
  const entry = {
    from: now,
    until: now,
    rows: repo.bonusesNotEnded(db, now).then((rows) => {
      const instants = rows.flatMap((r) => [r.start_at, r.end_at]).filter((t): t is number => t !== null && t > now);
      entry.until = Math.min(Number.POSITIVE_INFINITY, ...instants);
      return rows;
    }),
  };
  keptBonuses.set(db, entry);
  // A failed read is not kept.
  entry.rows.catch(() => keptBonuses.get(db) === entry && keptBonuses.delete(db));
  return entry.rows;
}

/**
 * The running bonuses of a volume open for pre-order (the caller read it, as this viewer may see
 * it, with its price in effect): what the volume page shows guests and members alike.
 */
export async function volumeBonus(
  db: Kysely<Database>,
  book: { bookId: number; titleId: number; price: number },
  now: number,
): Promise<VolumeBonus> {
  const rows = await bonusesKept(db, now);
  const list = rows
    .filter((b) => bonusRunning({ startDatetime: b.start_at, endDatetime: b.end_at }, now))
    .filter((b) => covers(b, { id: book.bookId, title_id: book.titleId }))
    .map((b) => ({ id: b.id, name: b.name, totalPoint: preOrderBonusPoint(b, book.price) }));
  return { totalPoint: list.reduce((s, b) => s + b.totalPoint, 0), list };
}

/**
 * Inside the pre-order's transaction: fixes each running bonus's points at the price paid,
 * PENDING until the release. Returns what was recorded.
 */
export async function recordPreOrderBonuses(
  trx: Transaction<Database>,
  order: { userId: number; orderId: number; book: PurchasableBookRow; price: number; now: number },
): Promise<{ bonusId: number; name: string; point: number }[]> {
  const bonuses = (await runningBonuses(trx, [order.book], order.now)).filter((b) => covers(b, order.book));
  const recorded = bonuses
    .map((b) => ({ bonusId: b.id, name: b.name, point: preOrderBonusPoint(b, order.price) }))
    .filter((b) => b.point > 0);
  await repo.insertBonusGrants(
    trx,
    recorded.map((b) => ({
      user_id: order.userId,
      order_id: order.orderId,
      bonus_id: b.bonusId,
      book_id: order.book.id,
      point: b.point,
      status: BonusGrantStatus.PENDING,
      lot_id: null,
      created_at: order.now,
      granted_at: null,
    })),
  );
  return recorded;
}

/** A cancelled pre-order's pending bonuses are never granted. */
export async function cancelPreOrderBonuses(db: Db, orderId: number): Promise<void> {
  await repo.cancelPendingGrantsOf(db, orderId);
}

/**
 * Grants every PENDING bonus whose volume has been released by `now` (of one member, or of
 * everyone): PENDING → GRANTED by a conditional update, and only the update that wins writes
 * the POINT lot, in the same transaction — a bonus is granted once however many passes race.
 * A bonus of a cancelled order becomes CANCELED instead. Returns the points granted.
 */
export async function settleDueBonuses(db: Kysely<Database>, q: { userId?: number; now: number }): Promise<number> {
  const due = await repo.dueGrants(db, { ...q, limit: SETTLE_BATCH });
  let granted = 0;
  for (const row of due) {
    granted += await inMoneyTransaction(db, async (trx) => {
      const cancelled = row.order_status === 'CANCEL';
      const won = await repo.settleGrant(trx, row.id, { cancelled, now: q.now });
      if (cancelled || !won) return 0;
      const lotId = await grant(trx, {
        userId: row.user_id,
        currency: 'POINT',
        amount: row.point,
        paid: false,
        expiresAt: expiryAfterDays(q.now, row.expire_days),
        orderId: row.order_id,
        reason: ledgerLine.preOrderBonus(row.name, [{ titleName: row.title_name, vol: row.vol }]),
        now: q.now,
      });
      await repo.setGrantLot(trx, row.id, lotId);
      return row.point;
    });
  }
  return granted;
}

/** `GET /pre_order/bonus/earned`: the member's pre-order bonuses, newest first (due ones granted first). */
export async function earnedBonuses(db: Kysely<Database>, userId: number, now: number): Promise<EarnedBonusList> {
  await settleDueBonuses(db, { userId, now });
  const rows = await repo.memberGrants(db, userId, BONUS_LIST_LIMIT);
  const list = rows.map((r) => ({
    bonusId: r.bonus_id,
    name: r.name,
    preOrderId: r.order_id,
    bookId: r.book_id,
    point: r.point,
    status: r.status as BonusGrantStatus,
    releaseDatetime: r.start_datetime,
    grantedDatetime: r.granted_at,
  }));
  const pendingPoint = list.filter((b) => b.status === BonusGrantStatus.PENDING).reduce((s, b) => s + b.point, 0);
  return { totalCount: list.length, pendingPoint, list };
}

/** Σ bonus points of one pre-order that are not cancelled (pending or granted). */
export const orderBonusPoint = (db: Db, orderId: number): Promise<number> => repo.orderGrantPoints(db, orderId);
