import { applyPatch } from '@hondana/domain/admin/admin-edits';
import type {
  AdminGenre,
  AdminMagazine,
  AdminPublisher,
  CreateGenreBody,
  CreateMagazineBody,
  CreatePublisherBody,
  UpdateGenreBody,
  UpdateMagazineBody,
  UpdatePublisherBody,
} from '@hondana/domain/admin/admin-taxonomy-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Db } from '../../db/schema';
import type { AuditEntry } from './audit.repository';
import * as repo from './taxonomy.repository';

/**
 * The console's genres, publishers and magazines (§3): the names a title is filed under, created
 * and renamed here and picked in the title editor. They are the rows the store's title facts
 * join, so a rename shows on every title's page once the catalog caches follow (the routes count
 * a `catalog` change). A name is unique within its kind: checked first for a named 400, and the
 * unique index decides between two writes at once (`refusedName`).
 */
type Change<T> = Promise<{ body: T; audit: AuditEntry[] }>;
type Kind = repo.TaxonomyTable;
const SINGULAR = { genres: 'genre', publishers: 'publisher', magazines: 'magazine' } as const;

const conflict = (kind: Kind) =>
  new AppError(409, ErrorCode.EDIT_CONFLICT, [`${SINGULAR[kind]}: changed by someone else since it was loaded; load it again`]);
/** PostgreSQL's and SQLite's unique violation (another write took the same key first). */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return (
    e?.code === '23505' ||
    e?.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    /UNIQUE constraint failed/.test(e?.message ?? '')
  );
}
const nameTaken = () => badRequest('name', 'is already used');

async function checkName(db: Db, kind: Kind, name: string, except?: number): Promise<void> {
  if ((await repo.idNamed(db, kind, name, except)) !== undefined) throw nameTaken();
}

/**
 * A write of `kind` that failed on a unique key (its transaction rolled back): the name another
 * operator took first is a 400 naming `name`; a genre id two creates picked at once is a 409 (try again).
 */
export async function refusedName(db: Db, kind: Kind, name: string | undefined, error: unknown): Promise<never> {
  if (!isUniqueViolation(error)) throw error;
  if (name !== undefined && (await repo.idNamed(db, kind, name.trim())) !== undefined) throw nameTaken();
  throw conflict(kind);
}

const genreView = (r: Awaited<ReturnType<typeof repo.genreRows>>[number]): AdminGenre => ({
  id: r.id,
  name: r.name,
  titleCount: r.titleCount,
  version: r.version,
});
const publisherView = (r: Awaited<ReturnType<typeof repo.publisherRows>>[number]): AdminPublisher => ({
  id: r.id,
  name: r.name,
  kana: r.kana,
  titleCount: r.titleCount,
  version: r.version,
});
const magazineView = (r: Awaited<ReturnType<typeof repo.magazineRows>>[number]): AdminMagazine => ({
  id: r.id,
  name: r.name,
  kana: r.kana,
  publisherId: r.publisher_id,
  titleCount: r.titleCount,
  version: r.version,
});

export const listGenres = async (db: Db) => (await repo.genreRows(db)).map(genreView);
export const listPublishers = async (db: Db) => (await repo.publisherRows(db)).map(publisherView);
export const listMagazines = async (db: Db) => (await repo.magazineRows(db)).map(magazineView);

async function genre(db: Db, id: number): Promise<AdminGenre> {
  const [row] = await repo.genreRows(db, id);
  if (!row) throw notFound('genre');
  return genreView(row);
}
async function publisher(db: Db, id: number): Promise<AdminPublisher> {
  const [row] = await repo.publisherRows(db, id);
  if (!row) throw notFound('publisher');
  return publisherView(row);
}
async function magazine(db: Db, id: number): Promise<AdminMagazine> {
  const [row] = await repo.magazineRows(db, id);
  if (!row) throw notFound('magazine');
  return magazineView(row);
}

async function checkPublisherRef(db: Db, publisherId: number | null | undefined): Promise<void> {
  if (publisherId !== null && publisherId !== undefined && !(await repo.exists(db, 'publishers', publisherId)))
    throw badRequest('publisherId', 'must be a publisher id');
}

export async function createGenre(trx: Db, input: Omit<CreateGenreBody, 'token'>): Change<AdminGenre> {
  await checkName(trx, 'genres', input.name);
  const id = await repo.insertGenre(trx, { id: await repo.nextGenreId(trx), name: input.name });
  const after = await genre(trx, id);
  return { body: after, audit: [{ action: 'genre.create', subject: `genre:${id}`, after }] };
}

export async function updateGenre(trx: Db, id: number, input: UpdateGenreBody): Change<AdminGenre> {
  const { token: _token, version, ...fields } = input;
  const before = await genre(trx, id);
  if (fields.name !== undefined) await checkName(trx, 'genres', fields.name, id);
  if (!(await repo.updateAt(trx, 'genres', id, version, { ...(fields.name !== undefined && { name: fields.name }) })))
    throw conflict('genres');
  const after = await genre(trx, id);
  return { body: after, audit: [{ action: 'genre.update', subject: `genre:${id}`, before, after }] };
}

export async function createPublisher(trx: Db, input: Omit<CreatePublisherBody, 'token'>): Change<AdminPublisher> {
  await checkName(trx, 'publishers', input.name);
  const id = await repo.insertPublisher(trx, { name: input.name, kana: input.kana });
  const after = await publisher(trx, id);
  return { body: after, audit: [{ action: 'publisher.create', subject: `publisher:${id}`, after }] };
}

export async function updatePublisher(trx: Db, id: number, input: UpdatePublisherBody): Change<AdminPublisher> {
  const { token: _token, version, ...fields } = input;
  const before = await publisher(trx, id);
  const next = applyPatch({ name: before.name, kana: before.kana }, fields);
  if (fields.name !== undefined) await checkName(trx, 'publishers', next.name, id);
  if (!(await repo.updateAt(trx, 'publishers', id, version, next))) throw conflict('publishers');
  const after = await publisher(trx, id);
  return { body: after, audit: [{ action: 'publisher.update', subject: `publisher:${id}`, before, after }] };
}

export async function createMagazine(trx: Db, input: Omit<CreateMagazineBody, 'token'>): Change<AdminMagazine> {
  await checkName(trx, 'magazines', input.name);
  await checkPublisherRef(trx, input.publisherId);
  const id = await repo.insertMagazine(trx, { name: input.name, kana: input.kana, publisher_id: input.publisherId });
  const after = await magazine(trx, id);
  return { body: after, audit: [{ action: 'magazine.create', subject: `magazine:${id}`, after }] };
}

export async function updateMagazine(trx: Db, id: number, input: UpdateMagazineBody): Change<AdminMagazine> {
  const { token: _token, version, ...fields } = input;
  const before = await magazine(trx, id);
  const next = applyPatch({ name: before.name, kana: before.kana, publisherId: before.publisherId }, fields);
  if (fields.name !== undefined) await checkName(trx, 'magazines', next.name, id);
  await checkPublisherRef(trx, fields.publisherId);
  if (!(await repo.updateAt(trx, 'magazines', id, version, { name: next.name, kana: next.kana, publisher_id: next.publisherId })))
    throw conflict('magazines');
  const after = await magazine(trx, id);
  return { body: after, audit: [{ action: 'magazine.update', subject: `magazine:${id}`, before, after }] };
}
