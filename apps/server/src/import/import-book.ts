import { performance } from 'node:perf_hooks';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import { isWidePage } from '@hondana/domain/reading/reading';
import { stripAxis } from '@hondana/domain/viewer/strip';
import type { Kysely, Transaction } from 'kysely';
import { TEXT_PAGE_KEY } from '../db/import-schema';
import type { Database } from '../db/schema';
import type { NewBookListing } from '../modules/catalog/catalog-writes';
import { PIPELINE_DEPTH, mapBounded } from '../media/derivatives';
import type { MediaStore } from '../media/media-store';
import type { BookPlan, PlannedPage } from './book-plan';
import { type BookSource, openBookSource } from './book-source';
import { planImageBook } from './cbz';
import { makeEagerDerivatives } from './eager-derivatives';
import { planEpub } from './epub';
import { ImportError } from './import-error';
import * as repo from './import.repository';
import { type StoredImage, storeOriginal } from './page-images';
import { type FindOrAddPublisher, IMPORT_SAMPLE_PAGES, writeBook } from './write-book';

export { IMPORT_SAMPLE_PAGES } from './write-book';

interface ImportOptions {
  /** Import into this title instead of finding or creating one by name. */
  titleId?: number;
  /**
   * Import into this existing book (the demo's volumes): the file gives its pages or chapters
   * and its layout; the book's other columns (name, price, dates, sample) and its title stay.
   */
  bookId?: number;
  /** Read and check everything, store nothing. */
  dryRun?: boolean;
  /** New books wait unlisted (STOPPED) until published (`npm run import` without --publish, the console's upload). */
  newBooksStopped?: boolean;
  /** A new book's price in yen, tax included (default 0); a book already in the store keeps its own. */
  newBookPrice?: number;
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
  /**
   * The publisher a file names, found or added in the import's transaction: the console's
   * `findOrAddPublisher` (`modules/admin/publishers.ts`; the console owns `publishers`, issue 43).
   */
  findOrAddPublisher: FindOrAddPublisher;
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
  /** On sale (true) or waiting unlisted (false); null for a dry run. */
  listed: boolean | null;
  /** The book's price in yen; null for a dry run. */
  price: number | null;
  ms: number;
}

async function isEpub(source: BookSource): Promise<boolean> {
  if (source.kind !== 'zip') return false;
  if (source.has('mimetype')) return (await source.read('mimetype')).toString('ascii').trim() === 'application/epub+zip';
  return source.has('META-INF/container.xml');
}

async function planBook(source: BookSource): Promise<BookPlan> {
  return (await isEpub(source)) ? planEpub(source) : planImageBook(source);
}

/** A text page's box when its document gives no viewport: an A-series portrait page. */
const PORTRAIT = Math.SQRT2;

/**
 * A text page's size: its viewport (a fixed-layout page's), else the book's image pages' own:
 * a fixed-layout book's first page, a portrait page as wide as a webtoon's strip, or as tall as
 * a picture scroll's.
 */
function textPageSize(page: PlannedPage, images: readonly StoredImage[], layoutType: number): { width: number; height: number } {
  if (page.viewport) return page.viewport;
  const first = images[0] ?? { width: 1000, height: Math.round(1000 * PORTRAIT) };
  if (layoutType !== LayoutType.WEBTOON) return { width: first.width, height: first.height };
  return stripAxis(images) === 'horizontal'
    ? { width: Math.round(first.height / PORTRAIT), height: first.height }
    : { width: first.width, height: Math.round(first.width * PORTRAIT) };
}

/** Reads, checks and stores every image page's original (a few at a time); text pages take their size. */
async function storePages(
  source: BookSource,
  plan: BookPlan,
  store: MediaStore | null,
  onProgress?: (done: number, total: number) => void,
): Promise<repo.StoredPage[]> {
  const total = plan.pages.length;
  let done = 0;
  const images = await mapBounded(plan.pages, PIPELINE_DEPTH, async (page) => {
    const image = page.entry === null ? null : await storeOriginal(source, page.entry, store);
    onProgress?.(++done, total);
    return image;
  });
  const stored = images.filter((i): i is StoredImage => i !== null);
  return plan.pages.map((page, i) => {
    const image = images[i];
    const size = image ?? textPageSize(page, stored, plan.layoutType);
    return {
      width: size.width,
      height: size.height,
      wide: isWidePage(size.width, size.height) || page.spread === 'center',
      originalKey: image?.key ?? TEXT_PAGE_KEY,
      spread: page.spread,
    };
  });
}

/** PostgreSQL's 23505 or SQLite's UNIQUE constraint failure. */
function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
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
    const pages = await storePages(source, plan, store, options.onProgress);
    const textImages: repo.StoredTextImage[] = [];
    for (const image of plan.text?.images ?? []) {
      const stored = await storeOriginal(source, image.entry, store);
      textImages.push({ chapter: image.chapter, originalKey: stored.key, width: stored.width, height: stored.height });
    }
    const textBook = plan.layoutType === LayoutType.REFLOW;
    if (textBook) options.onProgress?.(plan.text?.chapters.length ?? 0, plan.text?.chapters.length ?? 0);
    const coverKey = plan.cover ? (await storeOriginal(source, plan.cover, store)).key : null;
    const contentHash = await hashing;
    const sourceKey = plan.identifier ? `epub:${plan.identifier}` : `sha256:${contentHash}`;
    const base = {
      file,
      layoutType: plan.layoutType,
      direction: plan.direction,
      totalPage: textBook ? (plan.text?.chapters.length ?? 0) : pages.length,
      warnings: plan.warnings,
    };
    if (options.dryRun) {
      const existing = await repo.findBookBySource(deps.db, sourceKey);
      return {
        ...base,
        titleId: existing?.titleId ?? options.titleId ?? null,
        bookId: existing?.bookId ?? options.bookId ?? null,
        action: 'checked',
        listed: null,
        price: null,
        ms: performance.now() - started,
      };
    }
    const listing: NewBookListing = { salesStatus: options.newBooksStopped ? 'STOPPED' : 'ON_SALE', price: options.newBookPrice ?? 0 };
    const write = () =>
      writeBook(deps.db, file, plan, pages, textImages, {
        sourceKey,
        contentHash,
        coverKey,
        now,
        titleId: options.titleId,
        bookId: options.bookId,
        listing,
        inTransaction: options.inTransaction,
        findOrAddPublisher: deps.findOrAddPublisher,
      });
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
    const imagePages = pages.flatMap((p, page) => (p.originalKey === TEXT_PAGE_KEY ? [] : [{ page, originalKey: p.originalKey }]));
    // The cover: the file's, else the first page when it is an image; else it is drawn on request.
    const cover = coverKey ?? (pages[0] && pages[0].originalKey !== TEXT_PAGE_KEY ? pages[0].originalKey : null);
    try {
      const ahead = options.allDerivatives ? imagePages : imagePages.filter((p) => p.page < IMPORT_SAMPLE_PAGES);
      await makeEagerDerivatives(deps.media, written.bookId, cover, ahead);
    } catch (error) {
      // The book is in and whole; what was not made now is made on its first request.
      plan.warnings.push(`cover and sample derivatives not made ahead (${(error as Error).message}); they are made on first request`);
    }
    return { ...base, ...written, ms: performance.now() - started };
  } finally {
    await source.close();
  }
}
