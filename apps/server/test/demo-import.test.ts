import path from 'node:path';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_SEED, ensureDemoCatalog } from '../src/demo/demo-catalog';
import { demoBooksFolder, importDemoBooks, importedDemoBookIds } from '../src/demo/demo-books';
import { buildDemoPlan } from '../src/demo/demo-plan';
import { importBook, type ImportResult } from '../src/import/import-book';
import { MediaService } from '../src/media/media.service';
import { FileMediaStore, mediaRoot } from '../src/media/media-store';
import { type TestDatabase, createTestDatabase } from './support/test-database';
import { findOrAddPublisher } from '../src/modules/admin/publishers';

const NOW = new Date('2026-11-22T03:00:00Z');

/** The columns the store sells and dates a book by: the import must leave them as the plan made them. */
const STORE_COLUMNS = [
  'id',
  'title_id',
  'vol',
  'contents_name',
  'description',
  'price',
  'tax_amount',
  'sale_price',
  'free_flg',
  'start_datetime',
  'sales_status',
  'layout_type',
  'direction',
  'writing_mode',
  'page_count',
  'sample_page_total',
  'custom_sample_pages',
  'created_at',
] as const;

describe("the demo's imported volumes", () => {
  let database: TestDatabase;
  let store: FileMediaStore;
  const plan = buildDemoPlan(DEMO_SEED, NOW.getTime());
  const [mangaId, textId] = importedDemoBookIds(plan) as [number, number];
  let results: ImportResult[];
  let before: Record<string, unknown>[];
  let titlesBefore: unknown[];

  const books = () => database.db.selectFrom('books').select(STORE_COLUMNS).where('id', 'in', [mangaId, textId]).orderBy('id').execute();
  const titles = () => database.db.selectFrom('titles').selectAll().orderBy('id').execute();

  beforeAll(async () => {
    database = await createTestDatabase();
    await ensureDemoCatalog(database, { dataDir: database.dataDir, images: 'none', now: NOW });
    store = new FileMediaStore(mediaRoot(database.dataDir));
    before = await books();
    titlesBefore = await titles();
    results = await importDemoBooks({ db: database.db, media: store }, plan, database.dataDir, NOW.getTime());
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('are a story manga volume with a spread and a vertical text book', () => {
    const manga = plan.books.find((b) => b.id === mangaId)!;
    const text = plan.books.find((b) => b.id === textId)!;
    expect([manga.layout_type, manga.direction]).toEqual([LayoutType.FIXED, 'rtl']);
    expect(plan.bookPages.some((p) => p.book_id === mangaId && p.wide_flg === 1)).toBe(true);
    expect([text.layout_type, text.writing_mode]).toEqual([LayoutType.REFLOW, 'vertical']);
    expect(plan.bookTextChapters.some((c) => c.book_id === textId && c.body.includes('《'))).toBe(true);
  });

  it('go through the import from a CBZ and an EPUB under DATA_DIR, into the plan’s books', async () => {
    expect(results.map((r) => [r.bookId, r.action, path.dirname(r.file), path.extname(r.file), r.warnings])).toEqual([
      [mangaId, 'updated', demoBooksFolder(database.dataDir), '.cbz', []],
      [textId, 'updated', demoBooksFolder(database.dataDir), '.epub', []],
    ]);
    const sources = await database.db
      .selectFrom('book_sources')
      .select(['book_id', 'format', 'file_name', 'cover_key'])
      .orderBy('book_id')
      .execute();
    expect(sources.map((s) => [s.book_id, s.format, s.file_name])).toEqual([
      [mangaId, 'cbz', `book-${mangaId}.cbz`],
      [textId, 'epub', `book-${textId}.epub`],
    ]);
    expect(sources[0]!.cover_key).toBeNull();
    expect(await store.exists(sources[1]!.cover_key!)).toBe(true);
  });

  it('keep every store column, the title and its credits as the plan made them', async () => {
    expect(await books()).toEqual(before);
    expect(await titles()).toEqual(titlesBefore);
  });

  it('have the plan’s pages, sizes and spread, each with its stored original', async () => {
    const pages = await database.db
      .selectFrom('book_pages as p')
      .innerJoin('book_page_originals as o', (j) => j.onRef('o.book_id', '=', 'p.book_id').onRef('o.page_no', '=', 'p.page_no'))
      .select(['p.page_no', 'p.width', 'p.height', 'p.wide_flg', 'o.original_key'])
      .where('p.book_id', '=', mangaId)
      .orderBy('p.page_no')
      .execute();
    const planned = plan.bookPages.filter((p) => p.book_id === mangaId);
    expect(pages.map(({ page_no, width, height, wide_flg }) => ({ page_no, width, height, wide_flg }))).toEqual(
      planned.map(({ page_no, width, height, wide_flg }) => ({ page_no, width, height, wide_flg })),
    );
    for (const p of pages) {
      const original = await store.get(p.original_key);
      expect(original).not.toBeNull();
      const meta = await sharp(original!).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', p.width, p.height]);
    }
  });

  it('have the plan’s chapters, ruby and all', async () => {
    const chapters = await database.db
      .selectFrom('book_text_chapters')
      .select(['chapter_no', 'title', 'body', 'char_count'])
      .where('book_id', '=', textId)
      .orderBy('chapter_no')
      .execute();
    expect(chapters).toEqual(
      plan.bookTextChapters
        .filter((c) => c.book_id === textId)
        .map(({ chapter_no, title, body, char_count }) => ({ chapter_no, title, body, char_count })),
    );
  });

  it('are served from their originals, not drawn', async () => {
    const media = new MediaService(database.db, store, async () => {
      throw new Error('an imported book is never drawn');
    });
    const page = await media.get({ kind: 'page', bookId: mangaId, page: 10, width: 720, format: 'webp' });
    expect((await sharp(page!).metadata()).width).toBe(720);
    const cover = await media.get({ kind: 'cover', bookId: textId, width: 212, format: 'jpg' });
    expect((await sharp(cover!).metadata()).width).toBe(212);
  });

  it('refuse a file already imported as another book, and a book that does not exist', async () => {
    const cbz = results[0]!.file;
    await expect(importBook({ db: database.db, media: store, findOrAddPublisher }, cbz, { bookId: mangaId + 1 })).rejects.toThrow(
      `this file was imported as book ${mangaId}`,
    );
    await expect(importBook({ db: database.db, media: store, findOrAddPublisher }, cbz, { bookId: 999_999 })).rejects.toThrow(
      'book 999999: no such book',
    );
    // The same file into the same book again: updated in place, the store columns still the plan's.
    const again = await importBook({ db: database.db, media: store, findOrAddPublisher }, cbz, { bookId: mangaId });
    expect([again.bookId, again.action]).toEqual([mangaId, 'updated']);
    expect(await books()).toEqual(before);
  });
});
