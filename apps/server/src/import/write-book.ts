import path from 'node:path';
import { EroticType, LayoutType, PageType } from '@hondana/domain/catalog/catalog';
import { visibleLength } from '@hondana/domain/reading/text-blocks';
import type { Kysely, Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';
import * as catalog from '../modules/catalog/catalog-writes';
import { refreshSearchText } from '../modules/catalog/search.service';
import { recordChange } from '../ops/store-changes';
import type { BookPlan } from './book-plan';
import { ImportError } from './import-error';
import * as repo from './import.repository';

/** Pages a new book shows as its sample (§4), made ahead at import with the cover. */
export const IMPORT_SAMPLE_PAGES = 5;

/** The publisher of a name, found or added (null for no name): the console's, which owns the table. */
export type FindOrAddPublisher = (db: Db, name: string) => Promise<number | null>;

interface WriteOptions {
  sourceKey: string;
  contentHash: string;
  coverKey: string | null;
  now: number;
  titleId?: number;
  bookId?: number;
  /** A new book's place in the store (an existing one keeps its own). */
  listing: catalog.NewBookListing;
  inTransaction?: (tx: Transaction<Database>, written: { titleId: number; bookId: number; action: 'created' | 'updated' }) => Promise<void>;
  findOrAddPublisher: FindOrAddPublisher;
}

export interface Written {
  titleId: number;
  bookId: number;
  action: 'created' | 'updated';
  /** The book is on sale (not waiting unlisted), at this price. */
  listed: boolean;
  price: number;
}

/**
 * Writes the book in one transaction: its title (found by name, `titleId`, or made), credits,
 * the book (new, the one its source made, or `bookId`), its pages, chapters, text images,
 * navigations and source. A book is in the catalog only whole.
 */
export async function writeBook(
  db: Kysely<Database>,
  file: string,
  plan: BookPlan,
  pages: repo.StoredPage[],
  textImages: repo.StoredTextImage[],
  o: WriteOptions,
): Promise<Written> {
  try {
    return await db.transaction().execute(async (tx) => {
      const textBook = plan.layoutType === LayoutType.REFLOW;
      const content: catalog.BookContent = {
        contentsName: plan.contentsName,
        description: plan.description,
        layoutType: plan.layoutType,
        direction: plan.direction,
        pageCount: pages.length,
        // A text book's sample is its first chapter (§4), an image book's its first pages.
        samplePageTotal: textBook ? Math.min(plan.text?.chapters.length ?? 0, 1) : Math.min(pages.length, IMPORT_SAMPLE_PAGES),
        // A text book's writing, or an image book's text pages'.
        writingMode: plan.text?.writingMode ?? null,
      };
      const written =
        o.bookId !== undefined ? await intoBook(tx, file, o.bookId, content, o.sourceKey) : await intoTitle(tx, file, plan, content, o);
      await writeFile(tx, file, written.bookId, plan, pages, textImages, o);
      await o.inTransaction?.(tx, written);
      return { ...written, ...(await repo.bookListing(tx, written.bookId)) };
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const refused = new ImportError(file, `the catalog refused the book (${(error as Error).message.split('\n')[0]}); nothing was written`);
    refused.cause = error;
    throw refused;
  }
}

/** The book its source made, the title's volume an earlier import made, or a new book (and title). */
async function intoTitle(tx: Transaction<Database>, file: string, plan: BookPlan, content: catalog.BookContent, o: WriteOptions) {
  const r18 = plan.eroticType === EroticType.R18 ? EroticType.R18 : null;
  let target = await repo.findBookBySource(tx, o.sourceKey);
  let titleId: number;
  if (target) {
    titleId = target.titleId;
  } else {
    const title = o.titleId !== undefined ? await repo.findTitleById(tx, o.titleId) : await repo.findTitleByName(tx, plan.title);
    if (o.titleId !== undefined && !title) throw new ImportError(file, `--title-id ${o.titleId}: no such title`);
    titleId =
      title?.id ??
      (await catalog.insertImportedTitle(tx, {
        name: plan.title,
        kana: plan.titleKana,
        description: plan.description,
        pageType: PageType.MALE,
        eroticType: plan.eroticType,
        publisherId: plan.publisher ? await o.findOrAddPublisher(tx, plan.publisher) : null,
        now: o.now,
      }));
    if (plan.vol !== null) {
      const volume = await repo.findVolume(tx, titleId, plan.vol);
      if (volume && !volume.sourceKey)
        throw new ImportError(
          file,
          `volume ${plan.vol} of title ${titleId} exists and was not imported; import into another title with --title-id`,
        );
      if (volume) target = { bookId: volume.bookId, titleId, vol: plan.vol };
    }
  }
  await catalog.touchTitle(tx, titleId, o.now, r18);
  await catalog.creditImportedAuthors(tx, titleId, plan.authors, o.now);
  await refreshSearchText(tx, [titleId]);
  if (target) {
    await catalog.updateBookContent(tx, target.bookId, content);
    return { titleId, bookId: target.bookId, action: 'updated' as const };
  }
  const vol = plan.vol ?? (await repo.nextVolume(tx, titleId));
  return { titleId, bookId: await catalog.insertImportedBook(tx, titleId, vol, content, o.now, o.listing), action: 'created' as const };
}

/** The file's part of a book: its pages' originals, chapters, text images, navigations and source. */
async function writeFile(
  tx: Transaction<Database>,
  file: string,
  bookId: number,
  plan: BookPlan,
  pages: repo.StoredPage[],
  textImages: repo.StoredTextImage[],
  o: WriteOptions,
): Promise<void> {
  await repo.replacePages(tx, bookId, pages);
  await repo.replaceChapters(
    tx,
    bookId,
    (plan.text?.chapters ?? []).map((c) => ({ ...c, charCount: visibleLength(c.body) })),
  );
  await repo.replaceTextImages(tx, bookId, textImages);
  // An EPUB image book's table of contents is its file's (a CBZ has none: the book keeps its own).
  if (plan.format === 'epub' && plan.layoutType !== LayoutType.REFLOW) await repo.replaceNavigations(tx, bookId, plan.navigations);
  await repo.saveSource(
    tx,
    bookId,
    { sourceKey: o.sourceKey, contentHash: o.contentHash, fileName: path.basename(file), format: plan.format, coverKey: o.coverKey },
    o.now,
  );
  // Running store processes drop their catalog caches when this commits (decision 018).
  await recordChange(tx, 'catalog', o.now);
}

/** `bookId`: the file goes into an existing book; its title and store columns stay as they are. */
async function intoBook(
  tx: Transaction<Database>,
  file: string,
  bookId: number,
  content: catalog.BookContent,
  sourceKey: string,
): Promise<{ titleId: number; bookId: number; action: 'updated' }> {
  const book = await repo.findBookById(tx, bookId);
  if (!book) throw new ImportError(file, `book ${bookId}: no such book`);
  const other = await repo.findBookBySource(tx, sourceKey);
  if (other && other.bookId !== bookId)
    throw new ImportError(file, `this file was imported as book ${other.bookId}; it cannot also be book ${bookId}`);
  await catalog.updateBookFile(tx, bookId, content);
  return { titleId: book.titleId, bookId, action: 'updated' };
}
