import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EroticType, PageType } from '@hondana/domain/catalog/catalog';
import { TEXT_IMAGE_LINE, isWidePage } from '@hondana/domain/reading/reading-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { PIPELINE_DEPTH, mapBounded } from '../media/derivatives';
import type { MediaStore } from '../media/media-store';
import { refreshSearchText } from '../modules/catalog/search.service';
import { recordChange } from '../ops/store-changes';
import type { BookPlan } from './book-plan';
import { type BookSource, openBookSource } from './book-source';
import { planImageBook } from './cbz';
import { planEpub } from './epub';
import { ImportError } from './import-error';
import * as repo from './import.repository';
import { makeEagerDerivatives } from './eager-derivatives';
import { storeOriginal } from './page-images';

export interface ImportOptions {
  /** Import into this title instead of finding or creating one by name. */
  titleId?: number;
  /**
   * Import into this existing book (the demo's volumes): the file gives its pages or chapters
   * and its layout; the book's other columns (name, price, dates, sample) and its title stay.
   */
  bookId?: number;
  /** Read and check everything, store nothing. */
  dryRun?: boolean;
  /** New books wait unlisted (STOPPED) until published (the operator console sets their price first). */
  newBooksStopped?: boolean;
  /** Runs in the catalog write's transaction after the book is written (the console's audit entry). */
  inTransaction?: (tx: Transaction<Database>, written: { titleId: number; bookId: number; action: 'created' | 'updated' }) => Promise<void>;
  /**
   * Make every page's derivatives now instead of the cover's and the sample's only (the rest are
   * otherwise made on their first request): `--all-derivatives`, and the import bench.
   */
  allDerivatives?: boolean;
  /** Pages done of total, after each page. */
  onProgress?: (done: number, total: number) => void;
  now?: number;
}

export interface ImportDeps {
  db: Kysely<Database>;
  media: MediaStore;
}

/** What the command prints per file (`--json`). */
export interface ImportResult {
  file: string;
  titleId: number | null;
  bookId: number | null;
  layoutType: number;
  direction: 'rtl' | 'ltr';
  totalPage: number;
  warnings: string[];
  /** created, updated, or checked (dry run). */
  action: 'created' | 'updated' | 'checked';
  ms: number;
}

/** Pages a new book shows as its sample (§4), made ahead at import with the cover. */
export const IMPORT_SAMPLE_PAGES = 5;

async function isEpub(source: BookSource): Promise<boolean> {
  if (source.kind !== 'zip') return false;
  if (source.has('mimetype')) return (await source.read('mimetype')).toString('ascii').trim() === 'application/epub+zip';
  return source.has('META-INF/container.xml');
}

export async function planBook(source: BookSource): Promise<BookPlan> {
  return (await isEpub(source)) ? planEpub(source) : planImageBook(source);
}

/**
 * Imports one EPUB, CBZ/ZIP or folder of images. Every page is read, checked and its original
 * stored first; the book goes into the catalog in one transaction at the end, so a broken file
 * never leaves half a book, and a book is listed only once all its pages are stored. The same
 * file again (same EPUB identifier, or same content) updates the book it made.
 */
export async function importBook(deps: ImportDeps, file: string, options: ImportOptions = {}): Promise<ImportResult> {
  const started = performance.now();
  const now = options.now ?? Date.now();
  const source = await openBookSource(file);
  try {
    const plan = await planBook(source);
    const store = options.dryRun ? null : deps.media;
    // The whole file's hash is read alongside the pages rather than after them.
    const hashing = source.contentHash();
    hashing.catch(() => {});
    const total = plan.pages.length;
    // A few pages at a time (read, checked, stored), never the whole book in memory.
    let done = 0;
    const pages = await mapBounded(plan.pages, PIPELINE_DEPTH, async (page): Promise<repo.StoredPage> => {
      const image = await storeOriginal(source, page.entry, store);
      options.onProgress?.(++done, total);
      return {
        width: image.width,
        height: image.height,
        wide: isWidePage(image.width, image.height) || page.spread === 'center',
        originalKey: image.key,
        spread: page.spread,
      };
    });
    const textImages: repo.StoredTextImage[] = [];
    for (const image of plan.text?.images ?? []) {
      const stored = await storeOriginal(source, image.entry, store);
      textImages.push({ chapter: image.chapter, originalKey: stored.key, width: stored.width, height: stored.height });
    }
    if (plan.text) options.onProgress?.(plan.text.chapters.length, plan.text.chapters.length);
    const coverKey = plan.cover ? (await storeOriginal(source, plan.cover, store)).key : null;
    const contentHash = await hashing;
    const sourceKey = plan.identifier ? `epub:${plan.identifier}` : `sha256:${contentHash}`;
    const base = {
      file,
      layoutType: plan.layoutType,
      direction: plan.direction,
      totalPage: plan.text ? plan.text.chapters.length : total,
      warnings: plan.warnings,
    };
    if (options.dryRun) {
      const existing = await repo.findBookBySource(deps.db, sourceKey);
      return { ...base, titleId: existing?.titleId ?? options.titleId ?? null, bookId: existing?.bookId ?? options.bookId ?? null, action: 'checked', ms: performance.now() - started };
    }
    const write = () =>
      writeBook(deps.db, file, plan, pages, textImages, { sourceKey, contentHash, coverKey, now, titleId: options.titleId, bookId: options.bookId, newBooksStopped: options.newBooksStopped, inTransaction: options.inTransaction });
    // Two imports of one new file at once: the loser's insert hits the unique source key and
    // rolls back whole; written again, it finds the winner's book and updates it.
    const written = await write().catch((error: unknown) => {
      if (error instanceof ImportError && error.cause !== undefined && isUniqueViolation(error.cause)) return write();
      throw error;
    });
    if (written.action === 'updated') {
      // The book's derivatives were made from its old pages: made again, from the new ones, on request.
      await deps.media.deletePrefix(`pages/${written.bookId}/`);
      await deps.media.deletePrefix(`covers/${written.bookId}/`);
      await deps.media.deletePrefix(`figures/${written.bookId}/`);
    }
    const cover = coverKey ?? pages[0]?.originalKey;
    try {
      if (cover) await makeEagerDerivatives(deps.media, written.bookId, cover, options.allDerivatives ? pages : pages.slice(0, IMPORT_SAMPLE_PAGES));
    } catch (error) {
      // The book is in and whole; what was not made now is made on its first request.
      plan.warnings.push(`cover and sample derivatives not made ahead (${(error as Error).message}); they are made on first request`);
    }
    return { ...base, ...written, ms: performance.now() - started };
  } finally {
    await source.close();
  }
}

/** Characters a reader sees: the body without ruby readings, markers, image lines and line breaks. */
const visibleLength = (body: string): number =>
  body
    .split('\n')
    .filter((line) => !TEXT_IMAGE_LINE.test(line))
    .join('')
    .replace(/《[^》]*》/g, '')
    .replaceAll('｜', '').length;

/** PostgreSQL's 23505 or SQLite's UNIQUE constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

interface WriteOptions {
  sourceKey: string;
  contentHash: string;
  coverKey: string | null;
  now: number;
  titleId?: number;
  bookId?: number;
  newBooksStopped?: boolean;
  inTransaction?: ImportOptions['inTransaction'];
}

async function writeBook(
  db: Kysely<Database>,
  file: string,
  plan: BookPlan,
  pages: repo.StoredPage[],
  textImages: repo.StoredTextImage[],
  o: WriteOptions,
): Promise<{ titleId: number; bookId: number; action: 'created' | 'updated' }> {
  try {
    return await db.transaction().execute(async (tx) => {
      const content: repo.BookContent = {
        contentsName: plan.contentsName,
        description: plan.description,
        layoutType: plan.layoutType,
        direction: plan.direction,
        pageCount: pages.length,
        // A text book's sample is its first chapter (§4), an image book's its first pages.
        samplePageTotal: plan.text ? Math.min(plan.text.chapters.length, 1) : Math.min(pages.length, IMPORT_SAMPLE_PAGES),
        writingMode: plan.text?.writingMode ?? null,
      };
      if (o.bookId !== undefined) {
        const written = await intoBook(tx, file, o.bookId, content, o.sourceKey);
        await writeFile(tx, file, written.bookId, plan, pages, textImages, o);
        await o.inTransaction?.(tx, written);
        return written;
      }
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
          (await repo.insertTitle(tx, {
            name: plan.title,
            kana: plan.titleKana,
            description: plan.description,
            pageType: PageType.MALE,
            eroticType: plan.eroticType,
            publisherId: plan.publisher ? await repo.publisherId(tx, plan.publisher) : null,
            now: o.now,
          }));
        if (plan.vol !== null) {
          const volume = await repo.findVolume(tx, titleId, plan.vol);
          if (volume && !volume.sourceKey)
            throw new ImportError(file, `volume ${plan.vol} of title ${titleId} exists and was not imported; import into another title with --title-id`);
          if (volume) target = { bookId: volume.bookId, titleId, vol: plan.vol };
        }
      }
      await repo.touchTitle(tx, titleId, o.now, r18);
      await repo.creditAuthors(tx, titleId, plan.authors, o.now);
      await refreshSearchText(tx, [titleId]);
      let bookId: number;
      if (target) {
        bookId = target.bookId;
        await repo.updateBookContent(tx, bookId, content);
      } else {
        bookId = await repo.insertBook(tx, titleId, plan.vol ?? (await repo.nextVolume(tx, titleId)), content, o.now, o.newBooksStopped ? 'STOPPED' : 'ON_SALE');
      }
      await writeFile(tx, file, bookId, plan, pages, textImages, o);
      const written = { titleId, bookId, action: target ? ('updated' as const) : ('created' as const) };
      await o.inTransaction?.(tx, written);
      return written;
    });
  } catch (error) {
    if (error instanceof ImportError) throw error;
    const refused = new ImportError(file, `the catalog refused the book (${(error as Error).message.split('\n')[0]}); nothing was written`);
    refused.cause = error;
    throw refused;
  }
}

/** The file's part of a book: its pages' originals, chapters, text images and source. */
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
  content: repo.BookContent,
  sourceKey: string,
): Promise<{ titleId: number; bookId: number; action: 'updated' }> {
  const book = await repo.findBookById(tx, bookId);
  if (!book) throw new ImportError(file, `book ${bookId}: no such book`);
  const other = await repo.findBookBySource(tx, sourceKey);
  if (other && other.bookId !== bookId) throw new ImportError(file, `this file was imported as book ${other.bookId}; it cannot also be book ${bookId}`);
  await repo.updateBookFile(tx, bookId, content);
  return { titleId: book.titleId, bookId, action: 'updated' };
}
