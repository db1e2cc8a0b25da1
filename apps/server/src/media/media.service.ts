import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { type Drawing, renderDrawing, renderPool } from './derivatives';
import { coverDrawing, pageDrawing, serialDrawing } from './drawings';
import { type MediaRef, mediaKey } from './media-spec';
import type { MediaStore } from './media-store';
import { loadCoverSubject, loadEpisodePageSubject, loadPageSubject, serialSubjects } from './media-subjects';

/**
 * Derivatives on demand: a stored file is served as it is; a missing one (a width not drawn on
 * first start, a page beyond the sample) is drawn once, stored, and served from then on.
 * Concurrent requests for the same missing file share one render.
 */
export class MediaService {
  private readonly inflight = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly db: Kysely<Database>,
    readonly store: MediaStore,
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
    const drawing = await this.drawingFor(ref);
    if (!drawing) return null;
    const [data] = await renderPool(() => renderDrawing(drawing, [{ width: ref.width, format: ref.format }]));
    await this.store.put(key, data!);
    return data!;
  }

  private async drawingFor(ref: MediaRef): Promise<Drawing | null> {
    switch (ref.kind) {
      case 'cover': {
        const subject = await loadCoverSubject(this.db, ref.bookId);
        return subject && coverDrawing(subject);
      }
      case 'page': {
        const subject = await loadPageSubject(this.db, ref.bookId, ref.page);
        return subject && pageDrawing(subject);
      }
      case 'episode': {
        const subject = await loadEpisodePageSubject(this.db, ref.episodeId, ref.page);
        return subject && pageDrawing(subject);
      }
      case 'serial': {
        const [subject] = await serialSubjects(this.db, [ref.serialId]);
        return subject ? serialDrawing(subject) : null;
      }
    }
  }
}
