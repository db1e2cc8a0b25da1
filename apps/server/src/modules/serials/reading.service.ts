import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { HistoryDeleteResult, NotificationResult, ReadingMarkResult } from '@hondana/domain/serials/serials-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { recordCatalogEvent } from '../catalog/catalog-events';
import { advanceMissions } from '../campaigns/missions/missions.service';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { episodeGrant } from './episode-access';
import { releasedEpisode } from './rental.service';
import { requireSerial } from './serials.service';
import { touchShelfRead } from '../bookshelf/shelf-updates';
import * as users from './user-serials.repository';

/** Reading marks, history and notifications of §7 "Serials and episodes", each once per token. */

const readingPurpose = (which: 'start_reading' | 'end_reading') => `serial_${which}`;

/**
 * `POST /user_serial_episodes/{id}/start_reading` and `/end_reading`: the member must be
 * allowed to read the episode now (free, rented or owned). A start moves the serial to the top
 * of the member's history and counts a read for the rankings; an end counts for missions.
 */
export function markReading(
  db: Kysely<Database>,
  input: { userId: number; episodeId: number; token: string; which: 'start_reading' | 'end_reading'; adult: boolean; now: number },
): Promise<StoredResponse<ReadingMarkResult>> {
  const use = {
    token: input.token,
    userId: input.userId,
    purpose: readingPurpose(input.which),
    request: { e: input.episodeId },
    now: input.now,
  };
  return withOneTimeToken(db, use, async (trx) => {
    const { episode, serial } = await releasedEpisode(trx, input.episodeId, input.now, input.adult);
    if (!(await episodeGrant(trx, input.userId, serial, episode, input.now))) {
      throw new AppError(403, ErrorCode.FORBIDDEN, ['serial_episode_id: not rented']);
    }
    const column = input.which === 'start_reading' ? 'read_started_at' : 'read_ended_at';
    await users.markReading(trx, input.userId, episode.id, serial.id, column, input.now);
    // An episode read to the end counts towards the read-a-serial-episode missions.
    if (input.which === 'end_reading') await advanceMissions(trx, input.userId, { kind: 'read_episode', episodeId: episode.id }, input.now);
    if (input.which === 'start_reading') {
      await users.recordHistory(trx, input.userId, serial.id, episode.id, input.now);
      if (serial.titleId !== null) {
        await touchShelfRead(trx, input.userId, serial.titleId, input.now);
        await recordCatalogEvent(trx, { kind: 'read', titleId: serial.titleId, serialId: serial.id, userId: input.userId, now: input.now });
      }
    }
    return { body: { status: { code: 0 }, serialEpisodeId: episode.id } };
  });
}

export function setNotification(
  db: Kysely<Database>,
  input: { userId: number; serialId: number; token: string; on: boolean; now: number },
): Promise<StoredResponse<NotificationResult>> {
  const use = {
    token: input.token,
    userId: input.userId,
    purpose: 'serial_notification',
    request: { s: input.serialId, on: input.on },
    now: input.now,
  };
  return withOneTimeToken(db, use, async (trx) => {
    await requireSerial(trx, input.serialId, input.now);
    await users.ensureUserSerial(trx, input.userId, input.serialId, input.now);
    await users.setNotification(trx, input.userId, input.serialId, input.on);
    return { body: { status: { code: 0 }, serialId: input.serialId, notification: input.on } };
  });
}

export function deleteHistory(
  db: Kysely<Database>,
  input: { userId: number; serialId: number | null; token: string; now: number },
): Promise<StoredResponse<HistoryDeleteResult>> {
  const use = {
    token: input.token,
    userId: input.userId,
    purpose: 'serial_history_delete',
    request: { s: input.serialId ?? 'all' },
    now: input.now,
  };
  return withOneTimeToken(db, use, async (trx) => {
    await users.hideHistory(trx, input.userId, input.serialId);
    return { body: { status: { code: 0 }, serialId: input.serialId } };
  });
}
