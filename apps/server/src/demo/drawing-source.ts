import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Drawing } from '../media/derivatives';
import type { DrawingSource } from '../media/media.service';
import type { MediaRef } from '../media/media-spec';
import { loadCoverSubject, loadEpisodePageSubject, loadPageSubject } from './art-subjects';
import { serialSubjects } from './art-subjects.repository';
import { coverDrawing, pageDrawing, serialDrawing } from './drawings';

/**
 * The demo art of what has no stored original: covers, pages and episode pages drawn from
 * their catalog rows, serial key visuals. The app hands it to the media service (app.ts).
 */
export function demoDrawings(db: Kysely<Database>): DrawingSource {
  return async (ref: MediaRef): Promise<Drawing | null> => {
    switch (ref.kind) {
      case 'cover': {
        const subject = await loadCoverSubject(db, ref.bookId);
        return subject && coverDrawing(subject);
      }
      case 'page': {
        const subject = await loadPageSubject(db, ref.bookId, ref.page);
        return subject && pageDrawing(subject);
      }
      case 'figure':
      case 'banner':
        // Only imported text books have figures, and uploaded banners: each has its original.
        return null;
      case 'episode': {
        const subject = await loadEpisodePageSubject(db, ref.episodeId, ref.page);
        return subject && pageDrawing(subject);
      }
      case 'serial': {
        const [subject] = await serialSubjects(db, [ref.serialId]);
        return subject ? serialDrawing(subject) : null;
      }
    }
  };
}
