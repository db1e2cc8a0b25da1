import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type ImportResult, importBook } from '../import/import-book';
import { findOrAddPublisher } from '../modules/admin/publishers';
import { type Drawing, renderDrawing, renderPool } from '../media/derivatives';
import { COVER_SIZE } from '../media/media-spec';
import type { MediaStore } from '../media/media-store';
import { coverSubjectOf, pageSubjectOf } from './art-subjects';
import { type BookArtRow, authorNames, bookArtRows, bookPageSizes, volumeCounts } from './art-subjects.repository';
import { cbzFile, epubFile } from './book-files';
import type { DemoPlan } from './demo-plan';
import { coverDrawing, pageDrawing } from './drawings';

/**
 * The demo volumes that come in as files through the import (`importBook`, as `npm run import`
 * does) on every first start: a right-to-left story manga volume with a double-page spread (a
 * CBZ with ComicInfo.xml) and a vertical text book with ruby (an EPUB 3). The other volumes keep
 * their drawn pages: drawing and importing all 85 books does not fit in the first start's 90 s.
 */
const IMPORTED_DEMO_BOOKS = [
  { title: '夜明けの図書館', vol: 1 },
  { title: '海辺の町の郵便局', vol: 1 },
] as const;

/** Where the demo writes its book files: DATA_DIR/demo-books. */
export const demoBooksFolder = (dataDir: string): string => path.join(dataDir, 'demo-books');

/** The plan's ids of the imported volumes. */
export function importedDemoBookIds(plan: DemoPlan): number[] {
  return IMPORTED_DEMO_BOOKS.map(({ title, vol }) => {
    const titleId = plan.titles.find((t) => t.name === title)?.id;
    const book = plan.books.find((b) => b.title_id === titleId && b.vol === vol);
    if (!book?.id) throw new Error(`demo catalog: no volume ${vol} of ${title}`);
    return book.id;
  });
}

interface Deps {
  db: Kysely<Database>;
  media: MediaStore;
}

/**
 * Draws each imported volume's file from its rows (already inserted) into DATA_DIR/demo-books
 * and imports it into that same book: the import replaces its pages (or chapters) with the
 * file's, stores the originals, and the book's price, dates and sample stay the plan's.
 */
export async function importDemoBooks(deps: Deps, plan: DemoPlan, dataDir: string, now: number): Promise<ImportResult[]> {
  const folder = demoBooksFolder(dataDir);
  await mkdir(folder, { recursive: true });
  const ids = importedDemoBookIds(plan);
  const rows = await bookArtRows(deps.db, ids);
  const titleIds = rows.map((r) => r.titleId);
  const [authors, volumes] = await Promise.all([authorNames(deps.db, titleIds), volumeCounts(deps.db, titleIds)]);
  const results: ImportResult[] = [];
  for (const row of rows) {
    const names = authors.get(row.titleId) ?? [];
    const cover = coverDrawing(coverSubjectOf(row, names, volumes.get(row.titleId) ?? 1));
    const file = path.join(folder, `book-${row.bookId}${row.layoutType === LayoutType.REFLOW ? '.epub' : '.cbz'}`);
    const description = plan.books.find((b) => b.id === row.bookId)?.description ?? '';
    const data = await (row.layoutType === LayoutType.REFLOW
      ? epubFile({
          identifier: `urn:hondana:demo:book:${row.bookId}`,
          title: row.contentsName,
          authors: names,
          publisher: row.publisher,
          description,
          direction: row.direction,
          cover: await jpeg(cover),
          chapters: plan.bookTextChapters
            .filter((c) => c.book_id === row.bookId)
            .sort((a, b) => a.chapter_no - b.chapter_no)
            .map((c) => ({ title: c.title, body: c.body })),
        })
      : cbzFile({
          series: row.titleName,
          number: row.vol,
          title: row.contentsName,
          summary: description,
          writers: names,
          publisher: row.publisher,
          direction: row.direction,
          pages: await drawPages(deps.db, row, names[0] ?? '', cover),
        }));
    await writeFile(file, data);
    results.push(await importBook({ ...deps, findOrAddPublisher }, file, { bookId: row.bookId, now }));
  }
  return results;
}

/** A volume's pages as JPEGs at their full size; the first page is its cover, as in a printed volume's scan. */
async function drawPages(db: Kysely<Database>, row: BookArtRow, author: string, cover: Drawing): Promise<Buffer[]> {
  const sizes = await bookPageSizes(db, [row.bookId]);
  return Promise.all(
    sizes.map((size) => jpeg(size.page === 0 ? stretched(cover, size) : pageDrawing(pageSubjectOf(row, author, size.page, size)))),
  );
}

/** The cover drawing filling a page (the two differ in height by well under one per cent). */
const stretched = (cover: Drawing, size: { width: number; height: number }): Drawing => ({
  inner: `<g transform="scale(${size.width / COVER_SIZE.width} ${size.height / COVER_SIZE.height})">${cover.inner}</g>`,
  width: size.width,
  height: size.height,
});

async function jpeg(drawing: Drawing): Promise<Buffer> {
  const [data] = await renderPool(() => renderDrawing(drawing, [{ width: drawing.width, format: 'jpg' }]));
  return data!;
}
