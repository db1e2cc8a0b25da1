import type { Kysely } from 'kysely';
import { TEXT_PAGE_KEY } from '../db/import-schema';
import type { Database } from '../db/schema';
import { type Drawing, renderDrawing, renderOriginal, renderPool } from './derivatives';
import { type MediaRef, mediaKey } from './media-spec';
import type { MediaStore } from './media-store';
import {
  bannerOriginalKey,
  coverOriginalKey,
  episodePageOriginalKey,
  pageOriginalKey,
  serialImageOriginalKey,
  textImage,
} from './media-originals.repository';

/**
 * What a derivative without a stored original shows (the demo's art, wired in app.ts), or
 * null when there is nothing to draw for it.
 */
export type DrawingSource = (ref: MediaRef) => Promise<Drawing | null>;

/**
 * Derivatives on demand: a stored file is served as it is; a missing one (a width not made at
 * import or first start, a page beyond the sample) is made once, stored, and served from then
 * on: from the stored original for imported books, uploaded covers, episode pages, banners and
 * serial key visuals, drawn by the drawing source for the others.
 * Concurrent requests for the same missing file share one render.
 */
export class MediaService {
  private readonly inflight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly store: MediaStore,
    private readonly drawings: DrawingSource,
  ) {}

  /** The derivative's bytes, or null when what it depicts does not exist. */
  async get(ref: MediaRef): Promise<Buffer | null> {
    const key = mediaKey(ref);
    const stored = await this.store.get(key);
    if (stored) return stored;
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = this.draw(ref, key).finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  private async draw(ref: MediaRef, key: string): Promise<Buffer | null> {
    const original = await this.originalFor(ref);
    // A text page of an imported image book has no image: the viewer lays its text out.
    if (original === TEXT_PAGE_KEY) return null;
    if (original) {
      const bytes = await this.store.get(original);
      if (!bytes) throw new Error(`media original ${original} is missing from the ${this.store.kind} store`);
      const [data] = await renderPool(() => renderOriginal(bytes, [{ width: ref.width, format: ref.format }]));
      await this.store.put(key, data!);
      return data!;
    }
    const drawing = await this.drawings(ref);
    if (!drawing) return null;
    const [data] = await renderPool(() => renderDrawing(drawing, [{ width: ref.width, format: ref.format }]));
    await this.store.put(key, data!);
    return data!;
  }

  private async originalFor(ref: MediaRef): Promise<string | null> {
    if (ref.kind === 'page') return pageOriginalKey(this.db, ref.bookId, ref.page);
    if (ref.kind === 'cover') return coverOriginalKey(this.db, ref.bookId);
    if (ref.kind === 'figure') return (await textImage(this.db, ref.bookId, ref.image))?.originalKey ?? null;
    if (ref.kind === 'episode') return episodePageOriginalKey(this.db, ref.episodeId, ref.page);
    if (ref.kind === 'banner') return bannerOriginalKey(this.db, ref.imageId);
    if (ref.kind === 'serial') return serialImageOriginalKey(this.db, ref.serialId);
    return null;
  }
}
