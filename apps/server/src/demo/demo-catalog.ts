import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { LayoutType } from '@hondana/domain/catalog/catalog';
import type { DatabaseHandle } from '../db/database';
import { FileMediaStore, type MediaStore, mediaRoot } from '../media/media-store';
import { importDemoBooks, importedDemoBookIds } from './demo-books';
import { buildDemoEvents } from './demo-events';
import { deleteCatalog, hasTitles, insertPlan, lockDemoGeneration } from './demo.repository';
import { buildDemoPlan } from './demo-plan';
import { prerenderCatalogMedia } from './prerender';

/** The seed of the demo catalog: the same seed always gives the same titles, books and drawings. */
export const DEMO_SEED = 20261122;

export interface DemoOptions {
  dataDir: string;
  /** Where the imported volumes' originals and every drawn image go (main and seed pass the configured store); default DATA_DIR/media. */
  media?: MediaStore;
  log?: (message: string) => void;
  /**
   * Images drawn before returning: the imported volumes' files (demo-books.ts), then covers,
   * serial images and sample pages (default), every page as well, or none (tests: no file is
   * imported then either). Whatever is not drawn now is drawn on its first request.
   */
  images?: 'sample' | 'all' | 'none';
  seed?: number;
  /** Dates are laid out around this instant (default: now). */
  now?: Date;
}

interface DemoResult {
  created: boolean;
  titles: number;
  books: number;
  events: number;
  imageFiles: number;
  ms: number;
}

type Database = Pick<DatabaseHandle, 'db' | 'dialect'>;

/**
 * Fills an empty catalog with the demo (first start); a no-op costing one query when any title
 * exists. Rows go in one transaction, so a failed start leaves nothing half made; images
 * are drawn after the commit and any missing one is drawn on request.
 */
export async function ensureDemoCatalog(database: Database, options: DemoOptions): Promise<DemoResult> {
  const started = performance.now();
  if (await hasTitles(database.db))
    return { created: false, titles: 0, books: 0, events: 0, imageFiles: 0, ms: performance.now() - started };
  return generate(database, options, started, false);
}

/** `npm run seed -- --reset`: deletes the catalog and its media, then generates the demo again. */
export async function resetDemoCatalog(database: Database, options: DemoOptions): Promise<DemoResult> {
  const started = performance.now();
  return generate(database, options, started, true);
}

async function generate(database: Database, options: DemoOptions, started: number, reset: boolean): Promise<DemoResult> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? DEMO_SEED;
  const now = (options.now ?? new Date()).getTime();
  const plan = buildDemoPlan(seed, now);
  const events = buildDemoEvents(plan, seed, now);
  const store = options.media ?? new FileMediaStore(mediaRoot(options.dataDir));

  const created = await database.db.transaction().execute(async (tx) => {
    if (database.dialect === 'postgres') {
      // Several app processes may start at once on one PostgreSQL: one of them generates.
      await lockDemoGeneration(tx);
    }
    if (reset) {
      try {
        await deleteCatalog(tx);
      } catch (error) {
        throw new Error('cannot reset the demo catalog: other data (orders, reviews…) refers to it; use a fresh DATA_DIR', {
          cause: error,
        });
      }
    } else if (await hasTitles(tx)) {
      return false;
    }
    await insertPlan(tx, database.dialect, plan, events, now);
    return true;
  });
  if (!created) return { created: false, titles: 0, books: 0, events: 0, imageFiles: 0, ms: performance.now() - started };
  const rowsMs = performance.now() - started;
  log(
    `demo catalog: ${plan.titles.length} titles, ${plan.books.length} books, ${plan.serials.length} serials, ${events.length} events in ${Math.round(rowsMs)} ms`,
  );

  if (reset) await store.clear();
  let imageFiles = 0;
  if ((options.images ?? 'sample') !== 'none') {
    const imagesStarted = performance.now();
    // The two share the render pool: the import's reads and writes leave cores to the drawing.
    const importing = importDemoBooks({ db: database.db, media: store }, plan, options.dataDir, now).then((imported) =>
      log(
        `demo catalog: drew and imported ${imported.map((r) => `book ${r.bookId} (${path.basename(r.file)}, ${r.totalPage} ${r.layoutType === LayoutType.REFLOW ? 'chapters' : 'pages'})`).join(' and ')} in ${Math.round(performance.now() - imagesStarted)} ms`,
      ),
    );
    const drawing = prerenderCatalogMedia(database.db, store, {
      pages: options.images === 'all' ? 'all' : 'sample',
      skipBookIds: importedDemoBookIds(plan),
    });
    const [, result] = await Promise.all([importing, drawing]);
    imageFiles = result.files;
    log(`demo catalog: drew ${result.drawings} images into ${result.files} files in ${Math.round(performance.now() - imagesStarted)} ms`);
  }
  return {
    created: true,
    titles: plan.titles.length,
    books: plan.books.length,
    events: events.length,
    imageFiles,
    ms: performance.now() - started,
  };
}
