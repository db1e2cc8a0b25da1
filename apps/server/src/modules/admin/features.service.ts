import { instantToTokyoMinute } from '@hondana/domain/common/time';
import { checkFeature } from '@hondana/domain/admin/admin-features';
import { applyPatch, checkRule } from '@hondana/domain/admin/admin-edits';
import {
  type AdminFeatureView,
  type CreateFeatureBody,
  type FeatureFields,
  type FeatureState,
  type UpdateFeatureBody,
} from '@hondana/domain/admin/admin-features-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database, Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import { type ColumnWriters, columnsOf } from './edit-columns';
import * as repo from './features.repository';

/**
 * The console's features (特集/おすすめ, §7 `/serial_osusumes`): a list's name, description, period
 * and serials in their order, written into the tables the store's serial pages read. Ending a
 * feature ends it now: the store no longer shows it.
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;

const conflict = () => new AppError(409, ErrorCode.EDIT_CONFLICT, ['feature: changed by someone else since it was loaded; load it again']);

const stateAt = (f: { start_datetime: number; end_datetime: number | null }, now: number): FeatureState =>
  f.end_datetime !== null && Number(f.end_datetime) <= now ? 'ended' : Number(f.start_datetime) > now ? 'scheduled' : 'running';

async function views(db: Db, rows: repo.FeatureRow[], now: number): Promise<AdminFeatureView[]> {
  const items = await repo.itemsOf(
    db,
    rows.map((f) => f.id),
  );
  return rows.map((f) => ({
    id: f.id,
    name: f.name,
    description: f.description,
    start: instantToTokyoMinute(Number(f.start_datetime)),
    end: f.end_datetime === null ? null : instantToTokyoMinute(Number(f.end_datetime)),
    serials: items.filter((i) => i.osusume_id === f.id).map((i) => ({ id: i.serial_id, name: i.name })),
    state: stateAt(f, now),
    version: f.version,
  }));
}

export async function listFeatures(db: Db, state: FeatureState | undefined, now: number): Promise<AdminFeatureView[]> {
  return views(db, await repo.featureRows(db, state, now), now);
}

async function loadFeature(db: Db, id: number) {
  const row = await repo.featureRow(db, id);
  if (!row) throw notFound('feature');
  return row;
}

const viewOf = async (db: Db, id: number, now: number) => (await views(db, [await loadFeature(db, id)], now))[0]!;

const featureWriters: ColumnWriters<Omit<FeatureFields, 'serialIds'>, repo.FeatureColumns> = {
  name: (v) => ({ name: v }),
  description: (v) => ({ description: v }),
  start: (v) => ({ start_datetime: v }),
  end: (v) => ({ end_datetime: v }),
};

/** Every serial picked must exist (400 naming the place in the list). */
async function checkSerials(db: Db, serialIds: readonly number[]): Promise<void> {
  const found = await repo.existingSerials(db, serialIds);
  for (const [i, id] of serialIds.entries()) if (!found.has(id)) throw badRequest(`serialIds.${i}`, 'must be a serial');
}

/** A new feature with its serials (the demo's seed calls this too, in its own transaction). */
export async function createFeature(trx: Db, input: Omit<CreateFeatureBody, 'token'>, now: number): Change<AdminFeatureView> {
  const { serialIds, ...fields } = input;
  checkRule(checkFeature, input);
  await checkSerials(trx, serialIds);
  const id = await repo.insertFeature(trx, {
    ...(columnsOf(fields, featureWriters) as repo.FeatureColumns),
    sort_order: await repo.nextSortOrder(trx),
    created_at: now,
  });
  await repo.replaceItems(trx, id, serialIds);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'feature.create', subject: `feature:${id}`, after }] };
}

/** Changes the fields sent and keeps the others; the rules are checked on the feature as the save leaves it. */
export async function updateFeature(
  trx: Transaction<Database>,
  id: number,
  input: UpdateFeatureBody,
  now: number,
): Change<AdminFeatureView> {
  const { token: _token, version, serialIds, ...fields } = input;
  const row = await loadFeature(trx, id);
  const before = await viewOf(trx, id, now);
  const current: FeatureFields = {
    name: row.name,
    description: row.description,
    start: Number(row.start_datetime),
    // A list with no end (an old one) is checked as ending far ahead.
    end: row.end_datetime === null ? Number.MAX_SAFE_INTEGER : Number(row.end_datetime),
    serialIds: before.serials.map((s) => s.id),
  };
  checkRule(checkFeature, applyPatch(current, { ...fields, ...(serialIds !== undefined && { serialIds }) }));
  if (serialIds !== undefined) await checkSerials(trx, serialIds);
  // The feature's own row first: a stale version writes nothing, and a second edit waits for this one.
  if (!(await repo.updateFeatureAt(trx, id, version, columnsOf(fields, featureWriters)))) throw conflict();
  if (serialIds !== undefined) await repo.replaceItems(trx, id, serialIds);
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'feature.update', subject: `feature:${id}`, before, after }] };
}

/** Ends a feature now (one not started yet is given a start a moment before, so its period stays a period). */
export async function endFeature(trx: Transaction<Database>, id: number, version: number, now: number): Change<AdminFeatureView> {
  const row = await loadFeature(trx, id);
  if (row.version !== version) throw conflict();
  if (row.end_datetime !== null && Number(row.end_datetime) <= now) throw badRequest('end', 'has already ended');
  const before = await viewOf(trx, id, now);
  if (!(await repo.updateFeatureAt(trx, id, version, { start_datetime: Math.min(Number(row.start_datetime), now - 1), end_datetime: now })))
    throw conflict();
  const after = await viewOf(trx, id, now);
  return { body: after, audit: [{ action: 'feature.end', subject: `feature:${id}`, before, after }] };
}
