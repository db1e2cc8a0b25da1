import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkPreOrderBonus } from '@hondana/domain/admin/admin-pre-order';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminPreOrderBonusView,
  type CreatePreOrderBonusBody,
  type PreOrderBonusFields,
  type PreOrderBonusState,
  type UpdatePreOrderBonusBody,
} from '@hondana/domain/admin/admin-pre-order-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './pre-order-bonuses.repository';

/**
 * The console's pre-order bonuses (§3 Pre-order bonus): a bonus on one volume not released yet,
 * `points` plus `rate` % of its price, for a pre-order placed while it runs, written into the table
 * the store's pre-order pages read. Ending a bonus ends it now: pre-orders already placed keep theirs.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, ['pre-order bonus: changed by someone else since it was loaded; load it again']);

const stateAt = (b: { start_at: number; end_at: number | null }, now: number): PreOrderBonusState =>
  b.end_at !== null && Number(b.end_at) <= now ? 'ended' : Number(b.start_at) > now ? 'scheduled' : 'running';

async function views(db: Db, rows: repo.BonusRow[], now: number): Promise<AdminPreOrderBonusView[]> {
  const ids = rows.map((b) => b.id);
  const [books, grants] = await Promise.all([
    repo.booksOf(
      db,
      rows.flatMap((b) => (b.book_id === null ? [] : [b.book_id])),
    ),
    repo.grantCounts(db, ids),
  ]);
  return rows.map((b) => {
    const book = books.find((x) => x.id === b.book_id);
    return {
      id: b.id,
      name: b.name,
      book: book
        ? {
            id: book.id,
            titleId: book.title_id,
            titleName: book.title_name,
            vol: book.vol,
            release: instantToTokyoMinute(Number(book.start_datetime)),
          }
        : null,
      titleId: b.title_id,
      points: b.points,
      rate: b.rate,
      start: instantToTokyoMinute(Number(b.start_at)),
      end: b.end_at === null ? null : instantToTokyoMinute(Number(b.end_at)),
      grants: grants.get(b.id) ?? 0,
      state: stateAt(b, now),
      version: b.version,
    };
  });
}

export async function listPreOrderBonuses(db: Db, state: PreOrderBonusState | undefined, now: number): Promise<AdminPreOrderBonusView[]> {
  return views(db, await repo.bonusRows(db, state, now), now);
}

async function loadBonus(db: Db, id: number) {
  const row = await repo.bonusRow(db, id);
  if (!row) throw notFound('pre-order bonus');
  return row;
}

const viewOf = async (db: Db, id: number, now: number) => (await views(db, [await loadBonus(db, id)], now))[0]!;

const bonusWriters: ColumnWriters<PreOrderBonusFields, repo.BonusColumns> = {
  name: (v) => ({ name: v }),
  bookId: (v) => ({ book_id: v, title_id: null }),
  points: (v) => ({ points: v }),
  rate: (v) => ({ rate: v }),
  start: (v) => ({ start_at: v }),
  end: (v) => ({ end_at: v }),
};

/** The volume must exist and not be released yet (400 naming `bookId`). */
async function checkBook(db: Db, bookId: number, now: number): Promise<void> {
  const book = await repo.bookOf(db, bookId);
  if (!book) throw badRequest('bookId', 'must be a book');
  if (Number(book.start_datetime) <= now)
    throw badRequest('bookId', 'is already released: a pre-order bonus is only for a volume not released yet');
}

/** A new bonus (the demo's seed calls this too, in its own transaction). */
export async function createPreOrderBonus(
  trx: Db,
  input: Omit<CreatePreOrderBonusBody, 'token'>,
  now: number,
): Change<AdminPreOrderBonusView> {
  checkRule(checkPreOrderBonus, input);
  await checkBook(trx, input.bookId, now);
  const { name, bookId, points, rate, start, end } = input;
  const id = await repo.insertBonus(trx, columnsOf({ name, bookId, points, rate, start, end }, bonusWriters) as repo.BonusColumns);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'pre_order_bonus.create', subject: `pre_order_bonus:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; the rules are checked on the bonus as the save leaves it. */
export async function updatePreOrderBonus(
  trx: Transaction<Database>,
  id: number,
  input: UpdatePreOrderBonusBody,
  now: number,
): Change<AdminPreOrderBonusView> {
  const { token: _token, version, ...fields } = input;
  const row = await loadBonus(trx, id);
  const before = await viewOf(trx, id, now);
  const current: PreOrderBonusFields = {
    name: row.name,
    bookId: row.book_id ?? 0,
    points: row.points,
    rate: row.rate,
    start: Number(row.start_at),
    end: row.end_at === null ? Number.MAX_SAFE_INTEGER : Number(row.end_at),
  };
  checkRule(checkPreOrderBonus, applyPatch(current, fields));
  if (fields.bookId !== undefined && fields.bookId !== row.book_id) {
    if (before.grants > 0) throw badRequest('bookId', 'cannot change once pre-orders have this bonus');
    await checkBook(trx, fields.bookId, now);
  }
  if (!(await repo.updateBonusAt(trx, id, version, columnsOf(fields, bonusWriters)))) throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'pre_order_bonus.update', subject: `pre_order_bonus:${id}`, before, after }] };
}

/** Ends a bonus now: new pre-orders no longer get it; those placed keep theirs. */
export async function endPreOrderBonus(
  trx: Transaction<Database>,
  id: number,
  version: number,
  now: number,
): Change<AdminPreOrderBonusView> {
  const row = await loadBonus(trx, id);
  if (row.version !== version) throw conflict();
  if (row.end_at !== null && Number(row.end_at) <= now) throw badRequest('end', 'has already ended');
  const before = await viewOf(trx, id, now);
  if (!(await repo.updateBonusAt(trx, id, version, { start_at: Math.min(Number(row.start_at), now - 1), end_at: now }))) throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'pre_order_bonus.end', subject: `pre_order_bonus:${id}`, before, after }] };
}
