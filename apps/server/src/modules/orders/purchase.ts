import { isSalable, salesStatusAt } from '@hondana/domain/catalog/books';
import type { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import { EroticType, SalesStatus, priceAt } from '@hondana/domain/catalog/catalog';
import { AppError, ErrorCode, notFound } from '@hondana/domain/common/errors';
import { type LedgerBook, ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import {
  type PointLine,
  type PointCampaignRule,
  type PointContext,
  PossessionStatus,
  memberPointTypes,
  pointBreakdown,
} from '@hondana/domain/orders/orders';
import { type PaymentType } from '@hondana/domain/wallet/wallet-payments';
import { type Currency, expiryAfterDays } from '@hondana/domain/wallet/wallet-lots';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import { grant, spend } from '../ledger/ledger';
import { grantEntitlement } from './entitlements';
import { emailNotConfirmed } from '../accounts/email-confirmed';
import { enqueueMail } from '../mail/outbox';
import { catalogVersionOf, firstAfter, keptUntilChange } from '../../ops/kept-until-change';
import {
  type BookPricingRow,
  type PurchasableBookRow,
  activeCampaigns,
  booksForPurchase,
  heldBooksByTitle,
  insertOrder,
  insertOrderItems,
  isFirstPaying,
  nextCampaignStart,
  selectBooksAndMember,
} from './orders.repository';

/** What a member asks to buy, with which currency (COIN flow with points, or MANGA_COIN flow). */
export interface PurchaseRequest {
  userId: number;
  /** The member passed the adult check (adult_state ADULT). */
  adultChecked: boolean;
  bookIds: readonly number[];
  currency: 'COIN' | 'MANGA_COIN';
  usePoint: number;
  /** buy_free_flag: every book must be free. */
  buyFree: boolean;
  /**
   * The pre-order path (`/pre_order`): the book is not released yet and becomes RESERVED. Every
   * other flow refuses a book not released yet (NOT_ON_RELEASE): pre-ordering has one path.
   */
  preOrder?: boolean;
  /** Manga coin flow: the price the member was shown (checked_price / request_price). */
  expectedPrice?: number;
  /** Cart order: the coupon discount on these priced books (capped at their total). */
  discountFor?: (books: readonly PricedBook[]) => number;
  /** Cart order: prices agreed for some books (a bundle's price split over its books). */
  prices?: ReadonlyMap<number, number>;
  /** The point campaigns running at `now`, when the caller read them in this transaction already (the cart). */
  campaigns?: PointCampaignRule[];
  now: number;
}

export interface PricedBook {
  row: PurchasableBookRow;
  price: number;
  free: boolean;
  points: PointLine[];
}

interface PurchaseQuote {
  books: PricedBook[];
  totalPrice: number;
  usePoint: number;
  payPrice: number;
  isFirstPaying: boolean;
  pointCampaign: PointCampaignSummary;
}

const refuse = (errorCode: ErrorCode, message: string) => new AppError(403, errorCode, [message]);
const shortageCode = (currency: 'COIN' | 'MANGA_COIN') =>
  currency === 'COIN' ? ErrorCode.CART_NOT_ENOUGH_AMEBA_COIN : ErrorCode.CART_NOT_ENOUGH_MANGA_COIN;

/** What a purchase reads about the member besides the books, each a one-row subquery. */
interface MemberReads {
  /** Books already owned or reserved (only when asked: `purchase` lets the primary key decide). */
  checkOwned: boolean;
  /** Balances to read with the books (the buy check's). */
  balances: readonly Currency[];
  /** Whether the buyer has a pending first-purchase invitation (the purchase's rewards). */
  invitation: boolean;
}

/**
 * What a purchase's books statement read for the order's rewards (`campaigns/purchase-rewards.ts`),
 * so that they need no statement of their own while nothing runs: the store's catalog change count
 * (the running missions and lotteries may then be the kept ones, `ops/kept-until-change.ts`) and
 * whether the buyer has a pending first-purchase invitation. Undefined when the books were not read
 * in one statement (no book).
 */
export interface RewardFacts {
  catalogVersion: number;
  pendingInvitation: boolean;
}

interface BookReads {
  rows: PurchasableBookRow[];
  firstPaying: boolean;
  /** The member confirmed their address (a paid purchase needs it; read in the same statement). */
  emailConfirmed: boolean;
  ownsAny: boolean;
  balances: Partial<Record<Currency, number>>;
  facts?: RewardFacts;
}

/**
 * The books with the member's first-paying state, whether they own any of them, and the asked
 * balances: one statement (the orders', entitlements' and wallet's own queries as scalar
 * subqueries, evaluated once), since every statement costs more in the query builder than in SQL.
 */
async function readBooks(db: Db, req: PurchaseRequest, member: MemberReads): Promise<BookReads> {
  if (req.bookIds.length === 0)
    return { rows: [], firstPaying: await isFirstPaying(db, req.userId), emailConfirmed: true, ownsAny: false, balances: {} };
  const params: Record<string, number> = { userId: req.userId, now: req.now };
  req.bookIds.forEach((id, i) => (params[`book${i}`] = id));
  const shape = { books: req.bookIds.length, owned: member.checkOwned, balances: member.balances, invitation: member.invitation };
  const rows = (await selectBooksAndMember.execute(db, params, shape)).rows as (PurchasableBookRow & Record<string, unknown>)[];
  const [first] = rows;
  if (!first) return { rows: [], firstPaying: true, emailConfirmed: true, ownsAny: false, balances: {} }; // none of the books exists: not found
  const balances: Partial<Record<Currency, number>> = {};
  for (const currency of member.balances) balances[currency] = Number(first[`balance_${currency}`]);
  return {
    rows,
    firstPaying: first.paid_order === null,
    emailConfirmed: first.email_confirmed_at !== null,
    ownsAny: member.checkOwned && first.owned_book !== null,
    balances,
    facts: {
      catalogVersion: catalogVersionOf(first.catalog_version),
      pendingInvitation: member.invitation && first.pending_invitation !== null,
    },
  };
}

/** Every buy rule of §5 except the balances, which `quote` and `purchase` check. */
export async function priceBooks(db: Db, req: PurchaseRequest, checkOwned = true): Promise<Omit<PurchaseQuote, 'usePoint' | 'payPrice'>> {
  return (await priceAndRead(db, req, { checkOwned, balances: [], invitation: false })).priced;
}

/** `priceBooks`, with the balances `member` asks for read in the same statement as the books. */
async function priceAndRead(
  db: Db,
  req: PurchaseRequest,
  member: MemberReads,
): Promise<{ priced: Omit<PurchaseQuote, 'usePoint' | 'payPrice'>; balances: BookReads['balances']; facts: RewardFacts | undefined }> {
  const { rows, firstPaying, emailConfirmed, ownsAny, balances, facts } = await readBooks(db, req, member);
  // The running point campaigns as of the catalog change count the books statement read (kept while it holds).
  const campaigns = req.campaigns ?? (await runningCampaignsAt(db, facts?.catalogVersion, req.now));
  // Checked in the §8 order.
  const byId = new Map(rows.map((r) => [r.id, r]));
  const ordered = req.bookIds.map((id) => byId.get(id));
  if (ordered.some((r) => !r || !isSalable(salesStatusAt(toWindow(r), req.now)))) throw notFound('book');
  const books = ordered as PurchasableBookRow[];
  const unreleased = books.find((r) => salesStatusAt(toWindow(r), req.now) === SalesStatus.IN_RESERVATION);
  if (unreleased && !req.preOrder) throw refuse(ErrorCode.NOT_ON_RELEASE, `bookId: ${unreleased.id} is not released yet (pre-order it)`);
  if (books.some((r) => r.erotic_type === EroticType.R18) && !req.adultChecked) {
    throw refuse(ErrorCode.ADULT_CHECK_REQUIRED, 'adult check required');
  }
  if (ownsAny) throw refuse(ErrorCode.ALREADY_BUY, 'already have this book');
  const held = await heldFor(db, req.userId, books, campaigns);
  const priced = books.map((row) =>
    pricedBook(row, books, campaigns, { first: firstPaying, held, preOrder: req.preOrder === true, now: req.now }, req.prices?.get(row.id)),
  );
  if (req.buyFree && priced.some((b) => !b.free)) throw refuse(ErrorCode.DIFF_PRICE_REQUEST, 'this book is not free');
  const totalPrice = priced.reduce((sum, b) => sum + b.price, 0);
  // Free books are for every member; paying waits until the address is confirmed (issue 38).
  if (totalPrice > 0 && !emailConfirmed) throw emailNotConfirmed();
  if (req.expectedPrice !== undefined && req.expectedPrice !== totalPrice) {
    throw refuse(ErrorCode.DIFF_PRICE_REQUEST, `price: the price is now ${totalPrice}`);
  }
  return { priced: { books: priced, totalPrice, isFirstPaying: firstPaying, pointCampaign: sumPoints(priced) }, balances, facts };
}

/**
 * The point campaigns running at `now` for a buy check or a purchase, kept per process while the
 * catalog change count its books statement read is the one they were read at, until the next
 * start or end (`ops/kept-until-change.ts`; campaign edits are catalog changes): issue 36, a
 * statement less per purchase. Read afresh without a count.
 */
const runningCampaignsAt = keptUntilChange(activeCampaigns, async (db, now, all) =>
  firstAfter(now, [await nextCampaignStart(db, now), ...all.map((c) => c.end)]),
);

/** Whether a running campaign depends on the books of a title the member holds (firstStep, continueBuy). */
const needsHeld = (campaigns: readonly PointCampaignRule[]) => campaigns.some((c) => c.type === 'firstStep' || c.type === 'continueBuy');

/** Books of each title the member holds, read only when a running campaign depends on it (firstStep, continueBuy). */
async function heldFor(db: Db, userId: number, books: readonly PurchasableBookRow[], campaigns: readonly PointCampaignRule[]) {
  if (!needsHeld(campaigns)) return null;
  return heldBooksByTitle(db, userId, [...new Set(books.map((b) => b.title_id))]);
}

interface Buyer {
  first: boolean;
  /** Books per title the member holds; null when no campaign needs it. */
  held: ReadonlyMap<number, number> | null;
  preOrder: boolean;
  now: number;
}

/** The §3 point context of a book bought in an order (domain `pointBreakdown` decides which lines apply). */
function pointContextOf(
  row: PurchasableBookRow,
  price: number,
  order: readonly PurchasableBookRow[],
  buyer: Buyer,
  inBundle: boolean,
): PointContext {
  return {
    bookId: row.id,
    titleId: row.title_id,
    price,
    isFirstPurchase: buyer.first,
    sameTitleBooks: order.filter((b) => b.title_id === row.title_id).length,
    now: buyer.now,
    genreId: row.genre_id,
    publisherId: row.publisher_id,
    vol: row.vol,
    bookStartDatetime: row.start_datetime,
    ownedInTitle: buyer.held ? (buyer.held.get(row.title_id) ?? 0) : undefined,
    inBundle,
    preOrder: buyer.preOrder || row.start_datetime > buyer.now,
  };
}

function pricedBook(
  row: PurchasableBookRow,
  all: PurchasableBookRow[],
  campaigns: PointCampaignRule[],
  buyer: Buyer,
  agreed?: number,
): PricedBook {
  const at = agreed === undefined ? priceAt(toPricing(row), buyer.now) : { price: agreed };
  const { list } = pointBreakdown(campaigns, pointContextOf(row, at.price, all, buyer, agreed !== undefined));
  return { row, price: at.price, free: at.price === 0, points: list };
}

/** What a guest (null) or a member would earn buying just this book now: bookinfo's and the viewer's `pointCampaign`. */
export async function pointsForBook(db: Db, userId: number | null, bookId: number, now: number): Promise<PointCampaignSummary | null> {
  if (userId === null && !db.isTransaction) return guestPointsForBook(db, bookId, now);
  const [row] = await booksForPurchase(db, [bookId]);
  if (!row) return null;
  const all = await activeCampaigns(db, now);
  const campaigns = userId === null ? all.filter((c) => !memberPointTypes.includes(c.type)) : all;
  const [first, held] =
    userId === null ? [false, null] : await Promise.all([isFirstPaying(db, userId), heldFor(db, userId, [row], campaigns)]);
  return pointBreakdown(
    campaigns,
    pointContextOf(row, priceAt(toPricing(row), now).price, [row], { first, held, preOrder: false, now }, false),
  );
}

/**
 * A guest's point lines for a book are every guest's, and book detail and the viewer ask for
 * them on every call: kept per database and book from the instant they were worked out until the
 * next instant a campaign starts or ends or the book's price or release changes, and forgotten
 * on a catalog change (`forgetGuestPoints`; campaign and book edits are catalog changes). An
 * earlier `now` (a clock moved back) works them out again.
 */
const guestPoints = new WeakMap<object, Map<number, { from: number; until: number; summary: Promise<PointCampaignSummary | null> }>>();

export function forgetGuestPoints(db: Db): void {
  guestPoints.delete(db);
  runningCampaigns.delete(db);
}

function guestPointsForBook(db: Db, bookId: number, now: number): Promise<PointCampaignSummary | null> {
  let byBook = guestPoints.get(db);
  if (!byBook) guestPoints.set(db, (byBook = new Map()));
  const kept = byBook.get(bookId);
  if (kept && kept.from <= now && now < kept.until) return kept.summary;
  const entry = { from: now, until: now, summary: workOutGuestPoints(db, bookId, now, (until) => (entry.until = until)) };
  byBook.set(bookId, entry);
  // A failed read is not kept.
  entry.summary.catch(() => byBook.get(bookId) === entry && byBook.delete(bookId));
  return entry.summary;
}

async function workOutGuestPoints(
  db: Db,
  bookId: number,
  now: number,
  validUntil: (until: number) => void,
): Promise<PointCampaignSummary | null> {
  const [[row], all, nextStart] = await Promise.all([booksForPurchase(db, [bookId]), activeCampaigns(db, now), nextCampaignStart(db, now)]);
  const instants = [nextStart, ...all.map((c) => c.end)];
  if (row)
    instants.push(
      row.sale_start_datetime,
      row.sale_end_datetime,
      row.free_start_datetime,
      row.free_end_datetime,
      row.start_datetime,
      row.end_datetime,
    );
  validUntil(Math.min(...instants.map((t) => (t !== null && t > now ? t : Number.POSITIVE_INFINITY))));
  if (!row) return null;
  const campaigns = all.filter((c) => !memberPointTypes.includes(c.type));
  return pointBreakdown(
    campaigns,
    pointContextOf(row, priceAt(toPricing(row), now).price, [row], { first: false, held: null, preOrder: false, now }, false),
  );
}

/**
 * `pointsForBook` for a member whose first-paying state and books held of the book's title were
 * read already (`paidBookOrderQuery`, `heldBooksOfTitleQuery`, in one statement with other reads).
 */
export async function memberPointsForBook(
  db: Db,
  member: { firstPaying: boolean; heldOfTitle: number },
  bookId: number,
  now: number,
): Promise<PointCampaignSummary | null> {
  const [[row], campaigns] = await Promise.all([booksForPurchase(db, [bookId]), activeCampaigns(db, now)]);
  if (!row) return null;
  const held = needsHeld(campaigns) ? new Map([[row.title_id, member.heldOfTitle]]) : null;
  const buyer = { first: member.firstPaying, held, preOrder: false, now };
  return pointBreakdown(campaigns, pointContextOf(row, priceAt(toPricing(row), now).price, [row], buyer, false));
}

/**
 * A member's order facts as subqueries for other areas' one-statement reads (`userId` may be a column
 * of an outer query): what `memberPointsForBook` takes, and get_status' hasPaid.
 */
export { heldBooksOfTitleQuery, paidBookOrderQuery, paidMoneyOrderQuery } from './orders.repository';

function sumPoints(books: PricedBook[]): PointCampaignSummary {
  const byCampaign = new Map<number, PointLine>();
  for (const line of books.flatMap((b) => b.points)) {
    const seen = byCampaign.get(line.id);
    byCampaign.set(line.id, seen ? { ...seen, point: seen.point + line.point } : { ...line });
  }
  const list = [...byCampaign.values()];
  return { totalPoint: list.reduce((sum, l) => sum + l.point, 0), list };
}

/** Buy check: the quote with the balances it was checked against, or the §8 refusal the buy would meet. */
export async function quote(db: Db, req: PurchaseRequest): Promise<PurchaseQuote & { balances: { coins: number; points: number } }> {
  // Points are read only for the COIN flow (the manga coin flow cannot use them).
  const { priced, balances } = await priceAndRead(db, req, {
    checkOwned: true,
    balances: req.currency === 'COIN' ? [req.currency, 'POINT'] : [req.currency],
    invitation: false,
  });
  const points = balances.POINT ?? 0;
  const coins = balances[req.currency] ?? 0;
  const usePoint = checkPointUse(req, priced.totalPrice);
  const payPrice = priced.totalPrice - usePoint;
  if (points < usePoint) throw refuse(ErrorCode.CART_NOT_ENOUGH_POINT, 'not enough points');
  if (coins < payPrice) throw refuse(shortageCode(req.currency), 'not enough coins');
  return { ...priced, usePoint, payPrice, balances: { coins, points } };
}

function checkPointUse(req: PurchaseRequest, totalPrice: number): number {
  if (req.currency === 'MANGA_COIN' && req.usePoint > 0)
    throw refuse(ErrorCode.CART_INVALID_PAYMENT_TYPE, 'use_point: not with manga coins');
  if (req.usePoint > totalPrice) throw refuse(ErrorCode.CART_NOT_USE_POINT_OVER_PRICE, 'use_point: more than the price');
  return req.usePoint;
}

/**
 * The purchase, inside the caller's transaction: the order, its spends (points first, then
 * coins), items, entitlements and earned points are written together or not at all.
 */
export async function purchase(
  trx: Transaction<Database>,
  req: PurchaseRequest,
): Promise<{ orderId: number; quote: PurchaseQuote; facts: RewardFacts | undefined }> {
  // An entitlement already there is found by its primary key when the purchase inserts it (ALREADY_BUY).
  const { priced, facts } = await priceAndRead(trx, req, { checkOwned: false, balances: [], invitation: true });
  const discount = Math.min(Math.max(req.discountFor?.(priced.books) ?? 0, 0), priced.totalPrice);
  const usePoint = checkPointUse(req, priced.totalPrice - discount);
  const payPrice = priced.totalPrice - discount - usePoint;
  const paymentType: PaymentType = payPrice > 0 ? req.currency : usePoint > 0 ? 'POINT' : 'FREE';
  // Written COMPLETE at once: nothing outside this transaction can see the order before it
  // commits, and if any step below fails the whole order is rolled back (never left INCOMPLETE).
  const orderId = await insertOrder(trx, {
    user_id: req.userId,
    kind: 'BOOK',
    status: 'COMPLETE',
    payment_type: paymentType,
    total_price: payPrice,
    use_point: usePoint,
    point: priced.pointCampaign.totalPoint,
    is_first_paying: priced.isFirstPaying && paymentType !== 'FREE' ? 1 : 0,
    created_at: req.now,
    updated_at: req.now,
  });
  const reason = ledgerLine.bookPurchase(ledgerBooks(priced.books));
  if ((await spend(trx, { userId: req.userId, currency: 'POINT', amount: usePoint, orderId, reason, now: req.now })) === null) {
    throw refuse(ErrorCode.CART_NOT_ENOUGH_POINT, 'not enough points');
  }
  if ((await spend(trx, { userId: req.userId, currency: req.currency, amount: payPrice, orderId, reason, now: req.now })) === null) {
    throw refuse(shortageCode(req.currency), 'not enough coins');
  }
  await deliver(trx, req, orderId, priced.books, paymentType === 'FREE' ? 'FREE' : 'PURCHASE');
  await grantEarnedPoints(trx, req, orderId, priced.pointCampaign.list, priced.books);
  if (paymentType !== 'FREE') {
    await mailReceipt(trx, {
      userId: req.userId,
      orderId,
      at: req.now,
      books: priced.books,
      totalPrice: priced.totalPrice,
      discount,
      usePoint,
      payPrice,
      paymentType,
    });
  }
  return { orderId, quote: { ...priced, usePoint, payPrice }, facts };
}

/**
 * The 領収書 of a paid order, written to the mail outbox in the order's transaction (one INSERT):
 * sent after the commit, once per order. Every paid path calls it where the order completes.
 */
export function mailReceipt(
  trx: Transaction<Database>,
  order: {
    userId: number;
    orderId: number;
    at: number;
    books: readonly PricedBook[];
    totalPrice: number;
    discount: number;
    usePoint: number;
    payPrice: number;
    paymentType: string;
  },
): Promise<void> {
  const items = order.books.map((b) => ({ titleName: b.row.title_name, vol: b.row.vol, price: b.price }));
  const { orderId, at, totalPrice, discount, usePoint, payPrice, paymentType } = order;
  return enqueueMail(
    trx,
    {
      kind: 'PURCHASE_RECEIPT',
      key: `receipt:${orderId}`,
      userId: order.userId,
      data: { orderId, at, items, totalPrice, discount, usePoint, payPrice, paymentType },
    },
    at,
  );
}

/** Order items and entitlements (RESERVED before release); an entitlement already there is ALREADY_BUY. */
export async function deliver(
  trx: Transaction<Database>,
  req: PurchaseRequest,
  orderId: number,
  books: PricedBook[],
  source: 'FREE' | 'PURCHASE',
) {
  const items: Record<string, number> = { orderId };
  books.forEach((b, i) => {
    items[`book${i}`] = b.row.id;
    items[`price${i}`] = b.price;
    items[`point${i}`] = b.points.reduce((s, l) => s + l.point, 0);
  });
  await insertOrderItems.execute(trx, items, books.length);
  for (const b of books) {
    const possessionStatus = b.row.start_datetime > req.now ? PossessionStatus.RESERVED : PossessionStatus.OWNED;
    if (!(await grantEntitlement(trx, { userId: req.userId, bookId: b.row.id, possessionStatus, source, orderId, now: req.now }))) {
      throw refuse(ErrorCode.ALREADY_BUY, 'already have this book');
    }
  }
}

/** One POINT lot per campaign line, expiring after the campaign's expireDays. */
export async function grantEarnedPoints(
  trx: Transaction<Database>,
  req: PurchaseRequest,
  orderId: number,
  lines: PointLine[],
  books: readonly PricedBook[],
) {
  for (const line of lines) {
    await grant(trx, {
      userId: req.userId,
      currency: 'POINT',
      amount: line.point,
      paid: false,
      expiresAt: expiryAfterDays(req.now, line.expireDays),
      orderId,
      campaignId: line.id,
      reason: ledgerLine.earnedPoints(line.name, ledgerBooks(books)),
      now: req.now,
    });
  }
}

/** The books as the ledger line names them. */
export const ledgerBooks = (books: readonly PricedBook[]): LedgerBook[] =>
  books.map((b) => ({ titleName: b.row.title_name, vol: b.row.vol }));

const toWindow = (r: PurchasableBookRow) => ({ salesStatus: r.sales_status, startDatetime: r.start_datetime, endDatetime: r.end_datetime });
export const toPricing = (r: BookPricingRow) => ({
  price: r.price,
  salePrice: r.sale_price,
  saleStartDatetime: r.sale_start_datetime,
  saleEndDatetime: r.sale_end_datetime,
  freeFlg: r.free_flg === 1,
  freeStartDatetime: r.free_start_datetime,
  freeEndDatetime: r.free_end_datetime,
});

/**
 * Point campaigns running at `now` (other areas price tiles against them: the 即時還元 badge).
 * Every tile list of the top page, the rankings and a series page asks for them (three times a
 * top page): kept per database from the instant they were read until the next instant a
 * campaign starts or ends, and forgotten on a catalog change (`forgetGuestPoints`; campaign edits
 * are catalog changes, other processes hear of them within a second, decision 018). Buy checks
 * and purchases check their kept copy against the catalog change count they read
 * (`runningCampaignsAt`); the cart reads them in its transaction (`activeCampaigns`). Issue 36:
 * the top page's three campaign statements went.
 */
export function runningPointCampaigns(db: Db, now: number): Promise<PointCampaignRule[]> {
  if (db.isTransaction) return activeCampaigns(db, now);
  const kept = runningCampaigns.get(db);
  if (kept && kept.from <= now && now < kept.until) return kept.campaigns;
  const entry = { from: now, until: now, campaigns: readRunningCampaigns(db, now, (until) => (entry.until = until)) };
  runningCampaigns.set(db, entry);
  // A failed read is not kept.
  entry.campaigns.catch(() => runningCampaigns.get(db) === entry && runningCampaigns.delete(db));
  return entry.campaigns;
}

const runningCampaigns = new WeakMap<object, { from: number; until: number; campaigns: Promise<PointCampaignRule[]> }>();

/** Until when the kept running campaigns hold (the next start or end), once read; undefined before. */
export function runningPointCampaignsUntil(db: Db): number | undefined {
  return runningCampaigns.get(db)?.until;
}

async function readRunningCampaigns(db: Db, now: number, validUntil: (until: number) => void): Promise<PointCampaignRule[]> {
  const [all, nextStart] = await Promise.all([activeCampaigns(db, now), nextCampaignStart(db, now)]);
  const instants = [nextStart, ...all.map((c) => c.end)];
  validUntil(Math.min(...instants.map((t) => (t !== null && t > now ? t : Number.POSITIVE_INFINITY))));
  return all;
}
