import {
  type AdminBundleView,
  type AdminCoinPackView,
  type AdminPointCampaignView,
  type CreateBundleBody,
  type CreateCoinPackBody,
  type CreatePointCampaignBody,
  type UpdateBundleBody,
  type UpdateCoinPackBody,
  type UpdatePointCampaignBody,
} from '@hondana/domain/admin/admin-commerce-api';
import { instantToTokyoMinute } from '@hondana/domain/admin/admin-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { PointCampaignType, campaignActive } from '@hondana/domain/orders/orders';
import type { CoinHighlight, DisplayScene } from '@hondana/domain/wallet/wallet-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import * as repo from './promotions.repository';

type Db = Kysely<Database> | Transaction<Database>;
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = (what: string) => new AppError(409, ErrorCode.EDIT_CONFLICT, [`${what}: changed by someone else since it was loaded; load it again`]);
const minute = (instant: number | null) => (instant === null ? null : instantToTokyoMinute(Number(instant)));

// Point campaigns (the §3 breakdown the cart, the book pages and every purchase read)

function campaignView(c: repo.PointCampaignRow, now: number): AdminPointCampaignView {
  const start = c.start_at === null ? null : Number(c.start_at);
  const end = c.end_at === null ? null : Number(c.end_at);
  return {
    id: c.id,
    type: c.type as PointCampaignType,
    name: c.name,
    rate: c.rate,
    point: c.point,
    start: minute(start),
    end: minute(end),
    expireDays: c.expire_days,
    bookId: c.book_id,
    titleId: c.title_id,
    minBooks: c.min_books,
    genreIds: c.genre_ids ? c.genre_ids.split(',').map(Number).filter(Number.isInteger) : [],
    publisherId: c.publisher_id,
    active: campaignActive({ start, end }, now),
    ended: end !== null && end <= now,
    version: c.version,
  };
}

export async function listPointCampaigns(db: Db, now: number): Promise<AdminPointCampaignView[]> {
  return (await repo.pointCampaignRows(db)).map((c) => campaignView(c, now));
}

async function campaignColumns(trx: Db, input: CreatePointCampaignBody) {
  // Only the field its type reads is kept, so a campaign never holds a target it ignores.
  const bookId = input.type === PointCampaignType.book ? input.bookId : null;
  const titleId = input.type === PointCampaignType.series || input.type === PointCampaignType.bulkBuy ? input.titleId : null;
  if (bookId !== null && !(await repo.bookExists(trx, bookId))) throw badRequest('bookId', 'must be a book id');
  if (titleId !== null && !(await repo.titleExists(trx, titleId))) throw badRequest('titleId', 'must be a title id');
  const genreIds = input.type === PointCampaignType.specificGenres ? [...new Set(input.genreIds)] : [];
  const publisherId = input.type === PointCampaignType.publish ? input.publisherId : null;
  if (!(await repo.genresExist(trx, genreIds))) throw badRequest('genreIds', 'must be genre ids');
  if (publisherId !== null && !(await repo.publisherExists(trx, publisherId))) throw badRequest('publisherId', 'must be a publisher id');
  return {
    type: input.type,
    name: input.name,
    rate: input.rate,
    point: input.rate > 0 ? 0 : input.point,
    start_at: input.start,
    end_at: input.end,
    expire_days: input.expireDays,
    book_id: bookId,
    title_id: titleId,
    min_books: input.type === PointCampaignType.bulkBuy ? input.minBooks : 0,
    genre_ids: genreIds.length > 0 ? genreIds.join(',') : null,
    publisher_id: publisherId,
  };
}

async function loadCampaign(trx: Db, id: number) {
  const row = await repo.pointCampaignRow(trx, id);
  if (!row) throw notFound('point campaign');
  return row;
}

export async function createPointCampaign(trx: Transaction<Database>, input: CreatePointCampaignBody, now: number): Change<AdminPointCampaignView> {
  const id = await repo.insertPointCampaign(trx, await campaignColumns(trx, input));
  const after = campaignView(await loadCampaign(trx, id), now);
  return { body: after, audit: [{ action: 'point_campaign.create', subject: `point_campaign:${id}`, after }] };
}

export async function updatePointCampaign(trx: Transaction<Database>, id: number, input: UpdatePointCampaignBody, now: number): Change<AdminPointCampaignView> {
  const before = campaignView(await loadCampaign(trx, id), now);
  if (!(await repo.updatePointCampaignAt(trx, id, input.version, await campaignColumns(trx, input)))) throw conflict('point campaign');
  const after = campaignView(await loadCampaign(trx, id), now);
  return { body: after, audit: [{ action: 'point_campaign.update', subject: `point_campaign:${id}`, before, after }] };
}

/** Ends a campaign now: purchases from now on earn nothing from it; what it gave stays given. */
export async function endPointCampaign(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminPointCampaignView> {
  const row = await loadCampaign(trx, id);
  if (row.end_at !== null && Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const start = row.start_at === null ? null : Math.min(Number(row.start_at), now);
  if (!(await repo.updatePointCampaignAt(trx, id, version, { start_at: start, end_at: now }))) throw conflict('point campaign');
  const after = campaignView(await loadCampaign(trx, id), now);
  return { body: after, audit: [{ action: 'point_campaign.end', subject: `point_campaign:${id}`, before: campaignView(row, now), after }] };
}

// Bundles (the cart's set prices)

async function bundleViews(db: Db, rows: repo.BundleRow[], now: number): Promise<AdminBundleView[]> {
  const books = await repo.bundleBooks(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const mine = books.filter((b) => b.bundle_id === r.id);
    const listPrice = mine.reduce((sum, b) => sum + b.price, 0);
    const start = Number(r.start_at);
    const end = r.end_at === null ? null : Number(r.end_at);
    return {
      id: r.id,
      name: r.name,
      price: r.bundle_price,
      listPrice,
      discountRate: listPrice > 0 ? Math.floor(((listPrice - r.bundle_price) * 100) / listPrice) : 0,
      books: mine.map((b) => ({ id: b.id, titleId: b.title_id, vol: b.vol, contentsName: b.contents_name, price: b.price })),
      start: instantToTokyoMinute(start),
      end: minute(end),
      // The cart's own test (`bundleOnSale`): on sale from its start until its end.
      onSale: start <= now && (end === null || now < end),
      ended: end !== null && end <= now,
      version: r.version,
    };
  });
}

export async function listBundles(db: Db, now: number): Promise<AdminBundleView[]> {
  return bundleViews(db, await repo.bundleRows(db), now);
}

async function loadBundle(trx: Db, id: number, now: number): Promise<AdminBundleView> {
  const row = await repo.bundleRow(trx, id);
  if (!row) throw notFound('bundle');
  return (await bundleViews(trx, [row], now))[0]!;
}

/** The books exist, and the bundle's price is below their list prices together (it is a discount). */
async function checkBundleBooks(trx: Db, input: CreateBundleBody): Promise<void> {
  const books = await repo.booksByIds(trx, input.bookIds);
  const missing = input.bookIds.filter((id) => !books.some((b) => b.id === id));
  if (missing.length > 0) throw badRequest('bookIds', `no such book: ${missing.slice(0, 5).join(', ')}`);
  const listPrice = books.reduce((sum, b) => sum + b.price, 0);
  if (input.price >= listPrice) throw badRequest('price', `must be below the books' list prices together (${listPrice})`);
}

export async function createBundle(trx: Transaction<Database>, input: CreateBundleBody, now: number): Change<AdminBundleView> {
  await checkBundleBooks(trx, input);
  const id = await repo.insertBundle(trx, { name: input.name, bundle_price: input.price, start_at: input.start, end_at: input.end, created_at: now });
  await repo.replaceBundleBooks(trx, id, input.bookIds);
  const after = await loadBundle(trx, id, now);
  return { body: after, audit: [{ action: 'bundle.create', subject: `bundle:${id}`, after }] };
}

export async function updateBundle(trx: Transaction<Database>, id: number, input: UpdateBundleBody, now: number): Change<AdminBundleView> {
  const before = await loadBundle(trx, id, now);
  await checkBundleBooks(trx, input);
  if (!(await repo.updateBundleAt(trx, id, input.version, { name: input.name, bundle_price: input.price, start_at: input.start, end_at: input.end }))) throw conflict('bundle');
  await repo.replaceBundleBooks(trx, id, input.bookIds);
  const after = await loadBundle(trx, id, now);
  return { body: after, audit: [{ action: 'bundle.update', subject: `bundle:${id}`, before, after }] };
}

/** Ends a bundle now: carts stop pricing it as a set; orders that bought it keep their lines. */
export async function endBundle(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminBundleView> {
  const before = await loadBundle(trx, id, now);
  const row = (await repo.bundleRow(trx, id))!;
  if (row.end_at !== null && Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  if (!(await repo.updateBundleAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now), end_at: now }))) throw conflict('bundle');
  const after = await loadBundle(trx, id, now);
  return { body: after, audit: [{ action: 'bundle.end', subject: `bundle:${id}`, before, after }] };
}

// Coin packs (the coin shop per payment type)

function coinPackView(r: repo.CoinPackRow, sold: unknown): AdminCoinPackView {
  return {
    id: r.id,
    price: r.tax_included_price,
    coin: r.coin,
    bonus: r.bonus,
    bonusPoint: r.bonus_point,
    limit: r.purchase_limit,
    highlight: r.highlight as CoinHighlight,
    displayScene: r.display_scene as DisplayScene,
    paymentMethods: r.payment_methods.split(',').filter(Boolean),
    sortOrder: r.sort_order,
    active: r.active === 1,
    sold: Number(sold ?? 0),
    version: r.version,
  };
}

export async function listCoinPacks(db: Db): Promise<AdminCoinPackView[]> {
  return (await repo.coinPackRows(db)).map((r) => coinPackView(r, r.sold));
}

async function loadCoinPack(trx: Db, id: number): Promise<AdminCoinPackView> {
  const row = await repo.coinPackRow(trx, id);
  if (!row) throw notFound('coin pack');
  return coinPackView(row, (await repo.coinPackRows(trx)).find((r) => r.id === id)?.sold);
}

const coinPackColumns = (input: CreateCoinPackBody) => ({
  coin: input.coin,
  tax_included_price: input.price,
  bonus: input.bonus,
  bonus_point: input.bonusPoint,
  purchase_limit: input.limit,
  highlight: input.highlight,
  display_scene: input.displayScene,
  payment_methods: input.paymentMethods.join(','),
  sort_order: input.sortOrder,
});

export async function createCoinPack(trx: Transaction<Database>, input: CreateCoinPackBody): Change<AdminCoinPackView> {
  const id = await repo.insertCoinPack(trx, { ...coinPackColumns(input), active: 1 });
  const after = await loadCoinPack(trx, id);
  return { body: after, audit: [{ action: 'coin_pack.create', subject: `coin_pack:${id}`, after }] };
}

export async function updateCoinPack(trx: Transaction<Database>, id: number, input: UpdateCoinPackBody): Change<AdminCoinPackView> {
  const before = await loadCoinPack(trx, id);
  if (!(await repo.updateCoinPackAt(trx, id, input.version, coinPackColumns(input)))) throw conflict('coin pack');
  const after = await loadCoinPack(trx, id);
  return { body: after, audit: [{ action: 'coin_pack.update', subject: `coin_pack:${id}`, before, after }] };
}

/** Hides a pack from the shop (or shows it again); orders keep referring to it, so it is never deleted. */
export async function setCoinPackActive(trx: Transaction<Database>, id: number, input: { version: number; active: boolean }): Change<AdminCoinPackView> {
  const before = await loadCoinPack(trx, id);
  if (!(await repo.updateCoinPackAt(trx, id, input.version, { active: input.active ? 1 : 0 }))) throw conflict('coin pack');
  const after = await loadCoinPack(trx, id);
  return { body: after, audit: [{ action: input.active ? 'coin_pack.show' : 'coin_pack.hide', subject: `coin_pack:${id}`, before, after }] };
}
