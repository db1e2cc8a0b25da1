import type { FastifyInstance } from 'fastify';
import type { Insertable } from 'kysely';
import type { BooksTable, CatalogEventKind, TitlesTable } from '../../src/db/catalog-schema';
import type { Db } from '../../src/db/schema';
import { refreshTitleSearchText } from '../../src/modules/catalog/search.repository';
import { createMember, signUp } from './members';

/** Small catalog factories for rankings, free books, search and recommendations tests. */

export interface TitleInput extends Partial<Insertable<TitlesTable>> {
  authors?: { name: string; kana: string }[];
  /** Volumes to create (default one paid volume released long ago). */
  books?: Partial<Insertable<BooksTable>>[];
}

export async function createTitle(db: Db, input: TitleInput = {}): Promise<{ titleId: number; bookIds: number[] }> {
  const { authors = [], books = [{}], ...title } = input;
  const at = Date.parse('2020-01-01T00:00:00Z');
  const { id: titleId } = await db
    .insertInto('titles')
    .values({
      name: '作品',
      kana: 'サクヒン',
      description: '説明',
      page_type: 'male',
      genre_id: null,
      erotic_type: 0,
      complete_flg: 0,
      magazine_id: null,
      publisher_id: null,
      created_at: at,
      updated_at: at,
      ...title,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [i, author] of authors.entries()) {
    const { id: authorId } = await db
      .insertInto('authors')
      .values({ name: author.name, kana: author.kana, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.insertInto('title_authors').values({ title_id: titleId, author_id: authorId, role: 'author', sort_order: i }).execute();
  }
  const bookIds: number[] = [];
  for (const [i, book] of books.entries()) {
    const { id } = await db
      .insertInto('books')
      .values({
        title_id: titleId,
        vol: i + 1,
        contents_name: `${title.name ?? '作品'} ${i + 1}`,
        description: '',
        price: 500,
        tax_amount: 45,
        sale_price: null,
        sale_start_datetime: null,
        sale_end_datetime: null,
        free_flg: 0,
        free_start_datetime: null,
        free_end_datetime: null,
        start_datetime: at,
        end_datetime: null,
        sales_status: 'ON_SALE',
        layout_type: 0,
        direction: 'rtl',
        writing_mode: null,
        page_count: 10,
        sample_page_total: 2,
        custom_sample_pages: null,
        imaged_reflow: 0,
        rental_minutes: null,
        created_at: at,
        ...book,
      } as Insertable<BooksTable>)
      .returning('id')
      .executeTakeFirstOrThrow();
    bookIds.push(id);
  }
  await refreshTitleSearchText(db, [titleId]);
  return { titleId, bookIds };
}

/** Credits an existing author on a title. */
export async function credit(db: Db, titleId: number, authorId: number): Promise<void> {
  await db.insertInto('title_authors').values({ title_id: titleId, author_id: authorId, role: 'author', sort_order: 9 }).execute();
  await refreshTitleSearchText(db, [titleId]);
}

export async function addEvents(
  db: Db,
  titleId: number,
  events: { kind: CatalogEventKind; at: number; count?: number; bookId?: number | null; userId?: number | null }[],
): Promise<void> {
  const rows = events.flatMap((e) =>
    Array.from({ length: e.count ?? 1 }, () => ({
      kind: e.kind,
      title_id: titleId,
      book_id: e.bookId ?? null,
      serial_id: null,
      user_id: e.userId ?? null,
      created_at: e.at,
    })),
  );
  if (rows.length) await db.insertInto('catalog_events').values(rows).execute();
}

/** A signed-up member: cookie and user id; `adult` passes the age check (§6). */
export async function member(app: FastifyInstance, opts: { adult?: boolean; birth_date?: string } = {}) {
  const cookie = await signUp(app, createMember(opts.birth_date ? { birth_date: opts.birth_date } : {}));
  if (opts.adult) {
    const res = await app.inject({ url: '/api/adult/check', headers: { cookie } });
    if (res.statusCode !== 200) throw new Error(`adult check failed: ${res.body}`);
  }
  const status = await app.inject({ url: '/api/common/get_status', headers: { cookie } });
  const userId = (status.json() as { userId: number }).userId;
  return { cookie, userId };
}

/** Instant of a Tokyo wall-clock time. */
export const jst = (iso: string): number => Date.parse(`${iso}+09:00`);
