import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AdminEpisode } from '@hondana/domain/admin/admin-serials-api';
import { AppError, ErrorCode, badRequest, notFound } from '@hondana/domain/common/errors';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { planImageBook } from '../../import/cbz';
import { ImportError } from '../../import/import-error';
import { type StoredImage, storeOriginal } from '../../import/page-images';
import { openZip } from '../../import/zip-archive';
import type { MediaStore } from '../../media/media-store';
import type { AuditEntry } from './audit.repository';
import * as repo from './admin-serials.repository';
import { episodeView } from './admin-serials.service';

/**
 * Reads a CBZ or ZIP of page images the way `npm run import` does (the images in natural order,
 * hidden entries skipped) and stores each page's original under its hash, proved whole by the
 * import's own `storeOriginal`. A file that is not a ZIP, holds no images or holds an image that
 * does not decode is refused with 400 `file`, naming the entry.
 */
export async function storeEpisodeArchive(media: MediaStore, data: Buffer): Promise<StoredImage[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'hondana-episode-'));
  const file = path.join(dir, 'episode.cbz');
  try {
    await writeFile(file, data);
    const source = await openZip(file);
    try {
      const plan = await planImageBook(source);
      const pages: StoredImage[] = [];
      // One page at a time: only one image is held in memory.
      for (const { entry } of plan.pages) if (entry !== null) pages.push(await storeOriginal(source, entry, media));
      return pages;
    } finally {
      await source.close();
    }
  } catch (error) {
    if (error instanceof ImportError)
      throw badRequest('file', error.entry === undefined ? error.reason : `${error.entry}: ${error.reason}`);
    throw error;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const pagesOf = (e: AdminEpisode) => ({
  pageCount: e.pageCount,
  pagesUploaded: e.pagesUploaded,
  mediaVersion: e.mediaVersion,
  version: e.version,
});

/**
 * Puts the uploaded pages as the episode's pages if it is still at `version`: its page count
 * follows the file, and its version and media version are bumped, so every page URL (`v=`)
 * changes. The episode's entitlement rules are untouched (they read the episode, not its pages).
 */
export async function setEpisodePages(
  trx: Transaction<Database>,
  episodeId: number,
  input: { version: number; pages: StoredImage[]; sha256: string },
): Promise<{ body: AdminEpisode; audit: AuditEntry[] }> {
  const row = await repo.episodeRow(trx, episodeId);
  if (!row) throw notFound('episode');
  if (!(await repo.replaceEpisodePagesAt(trx, episodeId, input.version, input.pages))) {
    throw new AppError(409, ErrorCode.EDIT_CONFLICT, ['episode: changed by someone else since it was loaded; load it again']);
  }
  const before = episodeView(row);
  const after = episodeView((await repo.episodeRow(trx, episodeId))!);
  return {
    body: after,
    audit: [
      {
        action: 'episode.pages',
        subject: `episode:${episodeId}`,
        before: { serialId: row.serial_id, ...pagesOf(before) },
        after: { serialId: row.serial_id, ...pagesOf(after), sha256: input.sha256, originals: input.pages.map((p) => p.key) },
      },
    ],
  };
}

/** The old derivatives go (drawn art or earlier uploads); the media server makes the new ones from the originals. */
export const dropEpisodeDerivatives = (media: MediaStore, episodeId: number) => media.deletePrefix(`episodes/${episodeId}/`);
