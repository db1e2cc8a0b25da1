import { SalesStatus } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { Currency } from '@hondana/domain/wallet/wallet-lots';
import { type OrderStatus, type PointCampaignRule, canTransition } from '@hondana/domain/orders/orders';
import { type PointCampaignType, isPointCampaignType } from '@hondana/domain/campaigns/point-campaigns';
import type { Expression, Insertable, Updateable } from 'kysely';
import type { OrdersTable } from '../../db/orders-schema';
import type { Db } from '../../db/schema';
import { type IdSlots, idParams, idSlots, preparedQuery } from '../../db/prepared-query';
import { balanceQuery } from '../ledger/ledger';
import { emailConfirmedAtQuery } from '../accounts/email-confirmed';
import { pendingFirstPurchaseGrantQuery } from '../invitations/invitation-rewards';
import { catalogVersionQuery } from '../../ops/kept-until-change';
import { entitledBookQuery } from './entitlements.repository';

/** An order with the columns `columns` lists, built once per column set. */
const insertOrderRow = preparedQuery((db, $: Insertable<OrdersTable>, columns: readonly string[]) =>
  db
    .insertInto('orders')
    .values(Object.fromEntries(columns.map((column) => [column, $[column as keyof typeof $]])) as Insertable<OrdersTable>)
    .returning('id'),
);

export async function insertOrder(trx: Db, order: Insertable<OrdersTable>): Promise<number> {
  const columns = Object.keys(order).filter((column) => order[column as keyof typeof order] !== undefined);
  const { rows } = await insertOrderRow.execute(trx, order, columns);
  return rows[0]!.id;
}

/**
 * Moves an order from `from` to `to` (§4 transitions) with a conditional update: returns false
 * when the order was no longer in `from` (someone else moved it first).
 */
export async function transitionOrder(
  trx: Db,
  orderId: number,
  from: OrderStatus,
  to: OrderStatus,
  now: number,
  extra: Partial<Pick<OrdersTable, 'failure_code' | 'provider_ref' | 'card_brand' | 'card_last4'>> = {},
): Promise<boolean> {
  if (!canTransition(from, to)) throw new AppError(500, ErrorCode.INTERNAL_SERVER_ERROR, [`order: ${from} cannot become ${to}`]);
  const result = await trx
    .updateTable('orders')
    .set({ status: to, updated_at: now, ...extra })
    .where('id', '=', orderId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * What a provider says of a payment still waiting (its intent or reference, the card, a konbini
 * voucher's time limit), on the order while it is PROCESSING: the cart's, the coin packs' and the
 * subscriptions' Stripe payments write it, in their transaction when `db` is one.
 */
export async function setProcessingPaymentFields(
  db: Db,
  orderId: number,
  fields: Pick<Updateable<OrdersTable>, 'provider_ref' | 'card_brand' | 'card_last4' | 'payment_expires_at'>,
): Promise<void> {
  await db.updateTable('orders').set(fields).where('id', '=', orderId).where('status', '=', 'PROCESSING').execute();
}

/** An order's member, kind and status; undefined for an unknown order. */
export async function orderState(db: Db, orderId: number) {
  return db.selectFrom('orders').select(['user_id', 'kind', 'status']).where('id', '=', orderId).executeTakeFirst();
}

/**
 * Book orders placed before their books' release (pre-orders) still COMPLETE although every book
 * is out by `now`: the ones the delivery job moves to DELIVERED, oldest first.
 */
export async function releasedPreOrderIds(db: Db, now: number, limit: number): Promise<number[]> {
  const rows = await db
    .selectFrom('orders as o')
    .select('o.id')
    .where('o.kind', '=', 'BOOK')
    .where('o.status', '=', 'COMPLETE')
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('order_items as i')
          .innerJoin('books as b', 'b.id', 'i.book_id')
          .select('i.book_id')
          .whereRef('i.order_id', '=', 'o.id')
          .whereRef('b.start_datetime', '>', 'o.created_at'),
      ),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('order_items as i')
            .innerJoin('books as b', 'b.id', 'i.book_id')
            .select('i.book_id')
            .whereRef('i.order_id', '=', 'o.id')
            .where('b.start_datetime', '>', now),
        ),
      ),
    )
    .orderBy('o.id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** First paying: the member has no completed book order that cost coins or points (`userId` may be a column of an outer query). */
export function paidBookOrderQuery(db: Db, userId: number | Expression<number>) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'BOOK')
    .where('status', 'in', ['COMPLETE', 'DELIVERED'])
    .where('payment_type', 'not in', ['FREE'])
    .limit(1);
}

export async function isFirstPaying(db: Db, userId: number): Promise<boolean> {
  return (await paidBookOrderQuery(db, userId).executeTakeFirst()) === undefined;
}

/** A coin pack payment that the provider confirmed, if any (§3 User status hasPaid). */
export function paidMoneyOrderQuery(db: Db, userId: number) {
  return db
    .selectFrom('orders')
    .select('id')
    .where('user_id', '=', userId)
    .where('kind', '=', 'MANGA_COIN')
    .where('status', 'in', ['COMPLETE', 'DELIVERED'])
    .limit(1);
}

const selectActiveCampaigns = preparedQuery((db, $: { now: number }) =>
  db
    .selectFrom('point_campaigns')
    .selectAll()
    .where((eb) => eb.or([eb('start_at', 'is', null), eb('start_at', '<=', $.now)]))
    .where((eb) => eb.or([eb('end_at', 'is', null), eb('end_at', '>', $.now)]))
    .orderBy('id'),
);

/** The first instant after `now` at which a point campaign starts (null: none is planned). */
export async function nextCampaignStart(db: Db, now: number): Promise<number | null> {
  const row = await db
    .selectFrom('point_campaigns')
    .select((eb) => eb.fn.min('start_at').as('next'))
    .where('start_at', '>', now)
    .executeTakeFirst();
  return row?.next ?? null;
}

/** Point campaigns running at `now`. */
export async function activeCampaigns(db: Db, now: number): Promise<PointCampaignRule[]> {
  const { rows } = await selectActiveCampaigns.execute(db, { now });
  return rows
    .filter((r) => isPointCampaignType(r.type))
    .map((r) => ({
      id: r.id,
      type: r.type as PointCampaignType,
      name: r.name,
      rate: r.rate,
      point: r.point,
      start: r.start_at,
      end: r.end_at,
      expireDays: r.expire_days,
      bookId: r.book_id,
      titleId: r.title_id,
      minBooks: r.min_books,
      genreIds: r.genre_ids ? r.genre_ids.split(',').map(Number).filter(Number.isInteger) : [],
      publisherId: r.publisher_id,
    }));
}

/** A book with what buying it depends on. */
export interface PurchasableBookRow {
  id: number;
  title_id: number;
  vol: number;
  contents_name: string;
  /** The title's name (ledger lines name the book by it). */
  title_name: string;
  price: number;
  sale_price: number | null;
  sale_start_datetime: number | null;
  sale_end_datetime: number | null;
  free_flg: 0 | 1;
  free_start_datetime: number | null;
  free_end_datetime: number | null;
  start_datetime: number;
  end_datetime: number | null;
  sales_status: string;
  erotic_type: number;
  genre_id: number | null;
  publisher_id: number | null;
}

/** A book's price rules (§5: list price, sale and free periods), wherever a price is worked out. */
export const BOOK_PRICING_COLUMNS = [
  'books.price',
  'books.sale_price',
  'books.sale_start_datetime',
  'books.sale_end_datetime',
  'books.free_flg',
  'books.free_start_datetime',
  'books.free_end_datetime',
] as const;

export type BookPricingRow = Pick<
  PurchasableBookRow,
  'price' | 'sale_price' | 'sale_start_datetime' | 'sale_end_datetime' | 'free_flg' | 'free_start_datetime' | 'free_end_datetime'
>;

/** What a purchase reads of a book and its title (prices, periods, sale status, adult type). */
export const PURCHASABLE_BOOK_COLUMNS = [
  'books.id',
  'books.title_id',
  'books.vol',
  'books.contents_name',
  'titles.name as title_name',
  ...BOOK_PRICING_COLUMNS,
  'books.start_datetime',
  'books.end_datetime',
  'books.sales_status',
  'titles.erotic_type',
  'titles.genre_id',
  'titles.publisher_id',
] as const;

/** Books of each title a member already holds (owned or reserved): firstStep and continueBuy points. */
export async function heldBooksByTitle(db: Db, userId: number, titleIds: readonly number[]): Promise<Map<number, number>> {
  if (titleIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select(['books.title_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('user_books.user_id', '=', userId)
    .where('books.title_id', 'in', [...titleIds])
    .groupBy('books.title_id')
    .execute();
  return new Map(rows.map((r) => [r.title_id, Number(r.n)]));
}

/** How many books of a title the member holds, as one value (`userId` may be a column of an outer query): `heldBooksByTitle` for one title. */
export function heldBooksOfTitleQuery(db: Db, userId: number | Expression<number>, titleId: number) {
  return db
    .selectFrom('user_books')
    .innerJoin('books', 'books.id', 'user_books.book_id')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_books.user_id', '=', userId)
    .where('books.title_id', '=', titleId);
}

const selectBooksForPurchase = preparedQuery((db, $: IdSlots, count: number) =>
  db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select(PURCHASABLE_BOOK_COLUMNS)
    .where('books.id', 'in', idSlots($, count)),
);

/**
 * The books with what buying them depends on. Prepared: every book detail and viewer info reads
 * one book this way for its point lines, and building the query cost more than running it.
 */
export async function booksForPurchase(db: Db, bookIds: readonly number[]): Promise<PurchasableBookRow[]> {
  if (bookIds.length === 0) return [];
  return (await selectBooksForPurchase.execute(db, idParams(bookIds), bookIds.length)).rows as PurchasableBookRow[];
}

/**
 * Volumes released after `now` and not stopped, of titles of the given erotic types (of one
 * title when given), soonest release first, at most `limit`.
 */
export function upcomingBooksForPurchase(
  db: Db,
  q: { titleId: number | undefined; eroticTypes: number[]; now: number; limit: number },
): Promise<PurchasableBookRow[]> {
  let query = db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select(PURCHASABLE_BOOK_COLUMNS)
    .where('books.start_datetime', '>', q.now)
    .where('books.sales_status', '!=', SalesStatus.STOPPED)
    .where('titles.erotic_type', 'in', q.eroticTypes)
    .orderBy('books.start_datetime')
    .orderBy('books.id')
    .limit(q.limit);
  if (q.titleId !== undefined) query = query.where('books.title_id', '=', q.titleId);
  return query.execute() as Promise<PurchasableBookRow[]>;
}

/** The next volume of a book's title (smallest greater vol), or null. */
export async function nextBookId(db: Db, bookId: number): Promise<number | null> {
  const current = await db.selectFrom('books').select(['title_id', 'vol']).where('id', '=', bookId).executeTakeFirst();
  if (!current) return null;
  const next = await db
    .selectFrom('books')
    .select('id')
    .where('title_id', '=', current.title_id)
    .where('vol', '>', current.vol)
    .orderBy('vol')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return next?.id ?? null;
}

/** What `selectBooksAndMember` reads: how many books (`$.book${i}`), ownership, which balances, the pending invitation. */
interface BooksAndMemberShape {
  books: number;
  owned: boolean;
  balances: readonly Currency[];
  /** The buyer's pending first-purchase invitation (a purchase's rewards). */
  invitation: boolean;
}

/** `purchase.ts`' `readBooks` statement, the books with the member's reads as scalar subqueries. */
export const selectBooksAndMember = preparedQuery((db, $: Record<string, number>, shape: BooksAndMemberShape) => {
  const bookIds = Array.from({ length: shape.books }, (_, i) => $[`book${i}`]!);
  const subqueries = [
    paidBookOrderQuery(db, $.userId!).as('paid_order'),
    emailConfirmedAtQuery(db, $.userId!).as('email_confirmed_at'),
    ...(shape.owned ? [entitledBookQuery(db, $.userId!, bookIds).as('owned_book')] : []),
    ...shape.balances.map((currency) => balanceQuery(db, $.userId!, currency, $.now!).as(`balance_${currency}`)),
    // The store's catalog change count: the running campaigns, missions and lotteries may be the kept ones (`ops/kept-until-change.ts`).
    catalogVersionQuery(db).as('catalog_version'),
    ...(shape.invitation ? [pendingFirstPurchaseGrantQuery(db, $.userId!).as('pending_invitation')] : []),
  ];
  return db
    .selectFrom('books')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select(PURCHASABLE_BOOK_COLUMNS)
    .select(subqueries)
    .where('books.id', 'in', bookIds);
});

/** `count` order items of one order; item i's values are `$.book${i}`, `$.price${i}`, `$.point${i}`. */
export const insertOrderItems = preparedQuery((db, $: Record<string, number>, count: number) =>
  db.insertInto('order_items').values(
    Array.from({ length: count }, (_, i) => ({
      order_id: $.orderId!,
      book_id: $[`book${i}`]!,
      price: $[`price${i}`]!,
      point: $[`point${i}`]!,
    })),
  ),
);

/** An order's member and its volumes as a mail names them (the pre-order delivered mail). */
export async function orderMailBooks(db: Db, orderId: number) {
  return db
    .selectFrom('order_items')
    .innerJoin('orders', 'orders.id', 'order_items.order_id')
    .innerJoin('books', 'books.id', 'order_items.book_id')
    .innerJoin('titles', 'titles.id', 'books.title_id')
    .select(['orders.user_id', 'books.id as book_id', 'books.vol', 'titles.name as title_name'])
    .where('order_items.order_id', '=', orderId)
    .orderBy('books.vol')
    .execute();
}
