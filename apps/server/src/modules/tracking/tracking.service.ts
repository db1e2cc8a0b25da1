import type { LogKind } from '@hondana/domain/tracking/log-kinds';
import type { LogQuery } from '@hondana/domain/tracking/log-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { EventBuffer, type EventBufferOptions } from './event-buffer';
import { type EventRow, insertEvents } from './tracking.repository';

/** A `/log/*` call as the request path leaves it: no work beyond keeping the parsed query. */
export interface TrackedEvent {
  kind: LogKind;
  at: number;
  userId: number | null;
  guestId: string | null;
  query: LogQuery;
}

/** The event's row: the columns others filter on, the rest of its parameters as JSON. */
export function toEventRow(e: TrackedEvent): EventRow {
  const { title_id, book_id, ref, put_log, ...rest } = e.query;
  const data = put_log !== undefined && rest.putLog === undefined ? { ...rest, putLog: put_log } : rest;
  return {
    kind: e.kind,
    occurred_at: e.at,
    user_id: e.userId,
    guest_id: e.guestId,
    title_id: title_id ?? null,
    book_id: book_id ?? null,
    ref: ref ?? null,
    data: JSON.stringify(data),
  };
}

export type TrackingBuffer = EventBuffer<TrackedEvent>;

/** The process's tracking buffer, writing its batches into `events`. */
export function createTrackingBuffer(db: Kysely<Database>, options: Omit<EventBufferOptions<TrackedEvent>, 'write'> = {}): TrackingBuffer {
  return new EventBuffer<TrackedEvent>({ ...options, write: (batch) => insertEvents(db, batch.map(toEventRow)) });
}
