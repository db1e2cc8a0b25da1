import { isSamplePage, parseCustomSample } from '@hondana/domain/catalog/catalog';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Drawing, type Output, renderDrawing, renderPool } from '../media/derivatives';
import { coverDrawing, pageDrawing, serialDrawing } from './drawings';
import { COVER_EAGER_WIDTHS, IMAGE_FORMATS, type MediaRef, PAGE_WIDTHS, SERIAL_WIDTHS, mediaKey } from '../media/media-spec';
import type { MediaStore } from '../media/media-store';
import { coverSubjectOf, pageSubjectOf } from './art-subjects';
import { authorNames, bookArtRows, bookPageSizes, serialSubjects, volumeCounts } from './art-subjects.repository';

interface PrerenderOptions {
  /** Which pages to draw ahead of requests: the samples (default), every page, or none. */
  pages?: 'sample' | 'all' | 'none';
  /** Only these books (tests draw one). */
  bookIds?: number[];
  /** Not these books (the demo's imported volumes: the import made their cover and sample). */
  skipBookIds?: number[];
  serials?: boolean;
}

interface PrerenderResult {
  drawings: number;
  files: number;
}

interface Job {
  drawing: () => Drawing;
  outputs: { ref: MediaRef; output: Output }[];
}

/**
 * Draws covers, serial images and sample pages ahead of requests so that the store's pages
 * never wait for a render; everything else is drawn on its first request (MediaService).
 * Files already stored are skipped, so an interrupted run resumes where it stopped.
 */
export async function prerenderCatalogMedia(
  db: Kysely<Database>,
  store: MediaStore,
  options: PrerenderOptions = {},
): Promise<PrerenderResult> {
  const skip = new Set(options.skipBookIds ?? []);
  const rows = (await bookArtRows(db, options.bookIds)).filter((r) => !skip.has(r.bookId));
  const titleIds = [...new Set(rows.map((r) => r.titleId))];
  const [authors, volumes] = await Promise.all([authorNames(db, titleIds), volumeCounts(db, titleIds)]);
  const jobs: Job[] = [];

  for (const row of rows) {
    const cover = coverSubjectOf(row, authors.get(row.titleId) ?? [], volumes.get(row.titleId) ?? 1);
    jobs.push({
      drawing: () => coverDrawing(cover),
      outputs: each(COVER_EAGER_WIDTHS, (width, format) => ({ kind: 'cover', bookId: row.bookId, width, format })),
    });
  }

  const pageMode = options.pages ?? 'sample';
  if (pageMode !== 'none' && rows.length > 0) {
    const byId = new Map(rows.map((r) => [r.bookId, r]));
    const pages = await bookPageSizes(db, [...byId.keys()]);
    for (const p of pages) {
      const row = byId.get(p.bookId)!;
      if (pageMode === 'sample' && !isSamplePage(p.page, row.samplePageTotal, parseCustomSample(row.customSamplePages))) continue;
      const subject = pageSubjectOf(row, authors.get(row.titleId)?.[0] ?? '', p.page, p);
      jobs.push({
        drawing: () => pageDrawing(subject),
        outputs: each(PAGE_WIDTHS, (width, format) => ({
          kind: 'page',
          bookId: p.bookId,
          page: p.page,
          width,
          format,
        })),
      });
    }
  }

  if (options.serials ?? !options.bookIds) {
    for (const serial of await serialSubjects(db)) {
      jobs.push({
        drawing: () => serialDrawing(serial),
        outputs: each(SERIAL_WIDTHS, (width, format) => ({ kind: 'serial', serialId: serial.serialId, width, format })),
      });
    }
  }

  const done = await Promise.all(jobs.map((job) => runJob(store, job)));
  return { drawings: done.filter((n) => n > 0).length, files: done.reduce((a, b) => a + b, 0) };
}

function each(widths: readonly number[], ref: (width: number, format: (typeof IMAGE_FORMATS)[number]) => MediaRef) {
  return widths.flatMap((width) => IMAGE_FORMATS.map((format) => ({ ref: ref(width, format), output: { width, format } })));
}

async function runJob(store: MediaStore, job: Job): Promise<number> {
  return renderPool(async () => {
    const present = await Promise.all(job.outputs.map((o) => store.exists(mediaKey(o.ref))));
    const missing = job.outputs.filter((_, i) => !present[i]);
    if (missing.length === 0) return 0;
    const files = await renderDrawing(
      job.drawing(),
      missing.map((m) => m.output),
    );
    await Promise.all(missing.map((m, i) => store.put(mediaKey(m.ref), files[i]!)));
    return missing.length;
  });
}
