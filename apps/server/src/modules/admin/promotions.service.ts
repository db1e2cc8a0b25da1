import {
  type AdminBundleView,
  type AdminCoinPackView,
  type AdminPointCampaignView,
  type BundleFields,
  type CoinPackFields,
  type CreateBundleBody,
  type CreateCoinPackBody,
  type CreatePointCampaignBody,
  type PointCampaignFields,
  type UpdateBundleBody,
  type UpdateCoinPackBody,
  type UpdatePointCampaignBody,
} from '@hondana/domain/admin/admin-commerce-api';
import { checkBundle, checkPointCampaign } from '@hondana/domain/admin/admin-commerce';
import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { PointCampaignType } from '@hondana/domain/campaigns/point-campaigns';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import { campaignActive } from '@hondana/domain/orders/orders';
import type { CoinHighlight, DisplayScene } from '@hondana/domain/wallet/wallet-api';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './promotions.repository';

type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = (what: string) =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, [`${what}: changed by someone else since it was loaded; load it again`]);
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

async function campaignColumns(trx: Db, input: PointCampaignFields) {
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

export async function createPointCampaign(
  trx: Transaction<Database>,
  input: CreatePointCampaignBody,
  now: number,
): Change<AdminPointCampaignView> {
  const id = await repo.insertPointCampaign(trx, await campaignColumns(trx, input));
  const after = campaignView(await loadCampaign(trx, id), now);
  return { body: after, audit: [{ action: 'point_campaign.create', subject: `point_campaign:${id}`, after }] };
}

/** The campaign's fields as it holds them (the inverse of `campaignColumns`). */
function campaignFields(c: repo.PointCampaignRow): PointCampaignFields {
  return {
    type: c.type as PointCampaignType,
    name: c.name,
    rate: c.rate,
    point: c.point,
    start: c.start_at === null ? null : Number(c.start_at),
    end: c.end_at === null ? null : Number(c.end_at),
    expireDays: c.expire_days,
    bookId: c.book_id,
    titleId: c.title_id,
    minBooks: c.min_books,
    genreIds: c.genre_ids ? c.genre_ids.split(',').map(Number).filter(Number.isInteger) : [],
    publisherId: c.publisher_id,
  };
}

/** Changes the fields sent and keeps the others; the campaign's rules are checked on the result. */
export async function updatePointCampaign(
  trx: Transaction<Database>,
  id: number,
  input: UpdatePointCampaignBody,
  now: number,
): Change<AdminPointCampaignView> {
  const { token: _token, version, ...fields } = input;
  const row = await loadCampaign(trx, id);
  const before = campaignView(row, now);
  const next = applyPatch(campaignFields(row), fields);
  checkRule(checkPointCampaign, next);
  if (!(await repo.updatePointCampaignAt(trx, id, version, await campaignColumns(trx, next)))) throw conflict('point campaign');
  const after = campaignView(await loadCampaign(trx, id), now);
  return { body: after, audit: [{ action: 'point_campaign.update', subject: `point_campaign:${id}`, before, after }] };
}

/** Ends a campaign now: purchases from now on earn nothing from it; what it gave stays given. */
export async function endPointCampaign(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<AdminPointCampaignView> {
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
async function checkBundleBooks(trx: Db, input: Pick<BundleFields, 'bookIds' | 'price'>): Promise<void> {
  const books = await repo.booksByIds(trx, input.bookIds);
  const missing = input.bookIds.filter((id) => !books.some((b) => b.id === id));
  if (missing.length > 0) throw badRequest('bookIds', `no such book: ${missing.slice(0, 5).join(', ')}`);
  const listPrice = books.reduce((sum, b) => sum + b.price, 0);
  if (input.price >= listPrice) throw badRequest('price', `must be below the books' list prices together (${listPrice})`);
}

/** A bundle's columns, each from its field (its books are rows of their own, written apart). */
const bundleWriters: ColumnWriters<BundleFields, repo.BundleColumns> = {
  name: (v) => ({ name: v }),
  price: (v) => ({ bundle_price: v }),
  bookIds: () => ({}),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
};

export async function createBundle(trx: Transaction<Database>, input: CreateBundleBody, now: number): Change<AdminBundleView> {
  await checkBundleBooks(trx, input);
  const id = await repo.insertBundle(trx, {
    name: input.name,
    bundle_price: input.price,
    start_at: input.start,
    end_at: input.end,
    created_at: now,
  });
  await repo.replaceBundleBooks(trx, id, input.bookIds);
  const after = await loadBundle(trx, id, now);
  return { body: after, audit: [{ action: 'bundle.create', subject: `bundle:${id}`, after }] };
}

/** Changes the fields sent and keeps the others (its books too, unless `bookIds` is sent); checked as the save leaves it. */
export async function updateBundle(trx: Transaction<Database>, id: number, input: UpdateBundleBody, now: number): Change<AdminBundleView> {
  const { token: _token, version, ...fields } = input;
  const row = await repo.bundleRow(trx, id);
  if (!row) throw notFound('bundle');
  const before = (await bundleViews(trx, [row], now))[0]!;
  const held: BundleFields = {
    name: row.name,
    price: row.bundle_price,
    bookIds: before.books.map((b) => b.id),
    start: Number(row.start_at),
    end: row.end_at === null ? null : Number(row.end_at),
  };
  const next = applyPatch(held, fields);
  checkRule(checkBundle, next);
  if (fields.price !== undefined || fields.bookIds !== undefined) await checkBundleBooks(trx, next);
  if (!(await repo.updateBundleAt(trx, id, version, columnsOf(fields, bundleWriters)))) throw conflict('bundle');
  if (fields.bookIds !== undefined) await repo.replaceBundleBooks(trx, id, fields.bookIds);
  const after = await loadBundle(trx, id, now);
  return { body: after, audit: [{ action: 'bundle.update', subject: `bundle:${id}`, before, after }] };
}

/** Ends a bundle now: carts stop pricing it as a set; orders that bought it keep their lines. */
export async function endBundle(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminBundleView> {
  const before = await loadBundle(trx, id, now);
  const row = (await repo.bundleRow(trx, id))!;
  if (row.end_at !== null && Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  if (!(await repo.updateBundleAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now), end_at: now })))
    throw conflict('bundle');
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

/** A pack's columns, each from its field. */
const coinPackWriters: ColumnWriters<CoinPackFields, repo.CoinPackColumns> = {
  price: (v) => ({ tax_included_price: v }),
  coin: (v) => ({ coin: v }),
  bonus: (v) => ({ bonus: v }),
  bonusPoint: (v) => ({ bonus_point: v }),
  limit: (v) => ({ purchase_limit: v }),
  highlight: (v) => ({ highlight: v }),
  displayScene: (v) => ({ display_scene: v }),
  paymentMethods: (v) => ({ payment_methods: v.join(',') }),
  sortOrder: (v) => ({ sort_order: v }),
};

export async function createCoinPack(trx: Transaction<Database>, input: CreateCoinPackBody): Change<AdminCoinPackView> {
  const { token: _token, ...fields } = input;
  // Every field is sent on a create, so every column is set.
  const id = await repo.insertCoinPack(trx, { ...(columnsOf(fields, coinPackWriters) as repo.CoinPackColumns), active: 1 });
  const after = await loadCoinPack(trx, id);
  return { body: after, audit: [{ action: 'coin_pack.create', subject: `coin_pack:${id}`, after }] };
}

/** Changes the fields sent and keeps the others. */
export async function updateCoinPack(trx: Transaction<Database>, id: number, input: UpdateCoinPackBody): Change<AdminCoinPackView> {
  const { token: _token, version, ...fields } = input;
  const before = await loadCoinPack(trx, id);
  if (!(await repo.updateCoinPackAt(trx, id, version, columnsOf(fields, coinPackWriters)))) throw conflict('coin pack');
  const after = await loadCoinPack(trx, id);
  return { body: after, audit: [{ action: 'coin_pack.update', subject: `coin_pack:${id}`, before, after }] };
}

/** Hides a pack from the shop (or shows it again); orders keep referring to it, so it is never deleted. */
export async function setCoinPackActive(
  trx: Transaction<Database>,
  id: number,
  input: { version: number; active: boolean },
): Change<AdminCoinPackView> {
  const before = await loadCoinPack(trx, id);
  if (!(await repo.updateCoinPackAt(trx, id, input.version, { active: input.active ? 1 : 0 }))) throw conflict('coin pack');
  const after = await loadCoinPack(trx, id);
  return {
    body: after,
    audit: [{ action: input.active ? 'coin_pack.show' : 'coin_pack.hide', subject: `coin_pack:${id}`, before, after }],
  };
}
