import { titleSearchText } from '@hondana/domain/catalog/search-text';
import { type Kysely, sql } from 'kysely';
import { isPostgres } from './helpers';

/**
 * Keyword search and rankings:
 * - `titles.search_text`: the title's and its authors' names and readings, normalised by
 *   `normalizeSearchText` (NFKC, lower case, hiragana, no spaces), so a search is one substring
 *   test on one column; filled here for existing rows and by whoever inserts titles
 *   (`refreshTitleSearchText`).
 * - a covering index for ranking windows (events by time, with the title and kind).
 * - an index to find, per title, the users who bought or read it (recommendations).
 * - SQLite only: `titles_search`, an FTS5 trigram index over `search_text` kept in step by
 *   triggers, so words of 3 or more characters are found through the index instead of a scan.
 *   PostgreSQL scans the short column with LIKE (pg_trgm is not guaranteed to be installed).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('titles')
    .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .createIndex('catalog_events_created_title_kind')
    .on('catalog_events')
    .columns(['created_at', 'title_id', 'kind'])
    .execute();
  await db.schema.createIndex('catalog_events_title_user').on('catalog_events').columns(['title_id', 'user_id', 'kind']).execute();

  if (!isPostgres(db)) await createTrigramIndex(db);

  const titles: { id: number; name: string; kana: string }[] = await db.selectFrom('titles').select(['id', 'name', 'kana']).execute();
  const credits: { title_id: number; name: string; kana: string }[] = await db
    .selectFrom('title_authors as ta')
    .innerJoin('authors as a', 'a.id', 'ta.author_id')
    .select(['ta.title_id', 'a.name', 'a.kana'])
    .orderBy('ta.title_id')
    .orderBy('ta.sort_order')
    .execute();
  for (const title of titles) {
    const authors = credits.filter((c) => c.title_id === title.id);
    await db
      .updateTable('titles')
      .set({ search_text: titleSearchText(title, authors) })
      .where('id', '=', title.id)
      .execute();
  }
}

async function createTrigramIndex(db: Kysely<any>): Promise<void> {
  await sql`CREATE VIRTUAL TABLE titles_search USING fts5(search_text, content='titles', content_rowid='id', tokenize='trigram')`.execute(
    db,
  );
  await sql`CREATE TRIGGER titles_search_insert AFTER INSERT ON titles BEGIN
    INSERT INTO titles_search(rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER titles_search_delete AFTER DELETE ON titles BEGIN
    INSERT INTO titles_search(titles_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
  END`.execute(db);
  await sql`CREATE TRIGGER titles_search_update AFTER UPDATE OF search_text ON titles BEGIN
    INSERT INTO titles_search(titles_search, rowid, search_text) VALUES ('delete', old.id, old.search_text);
    INSERT INTO titles_search(rowid, search_text) VALUES (new.id, new.search_text);
  END`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!isPostgres(db)) {
    for (const trigger of ['titles_search_insert', 'titles_search_delete', 'titles_search_update']) {
      await sql`DROP TRIGGER IF EXISTS ${sql.raw(trigger)}`.execute(db);
    }
    await sql`DROP TABLE IF EXISTS titles_search`.execute(db);
  }
  await db.schema.dropIndex('catalog_events_title_user').execute();
  await db.schema.dropIndex('catalog_events_created_title_kind').execute();
  await db.schema.alterTable('titles').dropColumn('search_text').execute();
}
