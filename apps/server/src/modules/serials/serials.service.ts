import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type {
  ChargeHistoryItem,
  EpisodeUserData,
  Serial,
  SerialEpisode,
  SerialEpisodeList,
  SerialHistoryItem,
  SerialUserData,
  SuggestionResponse,
} from '@hondana/domain/serials/serials-api';
import {
  RentalPaymentType,
  adRewardState,
  chargeState,
  guestTicketState,
  ticketState,
  type TicketState,
} from '@hondana/domain/serials/serials';
import * as repo from './serials.repository';
import type { EpisodeRow, SerialRow } from './serials.repository';
import type { Db } from '../../db/schema';
import { GUEST_STATE, type MemberSerialState, episodeUserData, isExpired, isReleased, toEpisode, toSerial } from './serial-views';
import * as users from './user-serials.repository';

/** Read use cases of §7 "Serials and episodes". `userId` null is a guest. */

export async function requireSerial(db: Db, serialId: number, now: number): Promise<SerialRow> {
  const serial = await repo.findSerial(db, serialId, now);
  if (!serial) throw new AppError(404, ErrorCode.SERIAL_NOT_EXISTS, ['serial_id: no such serial']);
  return serial;
}

export async function requireEpisode(db: Db, episodeId: number): Promise<EpisodeRow> {
  const episode = await repo.findEpisode(db, episodeId);
  if (!episode) throw new AppError(404, ErrorCode.SERIAL_EPISODE_NOT_EXISTS, ['serial_episode_id: no such episode']);
  return episode;
}

export async function getSerial(db: Db, serialId: number, now: number): Promise<Serial> {
  return toSerial(await requireSerial(db, serialId, now), now);
}

export async function listSerials(db: Db, q: repo.SerialListQuery, now: number): Promise<Serial[]> {
  return (await repo.listSerials(db, q, now)).map((s) => toSerial(s, now));
}

export async function listEpisodes(
  db: Db,
  q: { serialId: number; offset: number; limit: number; sort: 'sequence' | '-sequence' },
  now: number,
): Promise<SerialEpisodeList> {
  const serial = await requireSerial(db, q.serialId, now);
  const rows = await repo.listEpisodes(db, q.serialId, q.sort === '-sequence');
  return { total: rows.length, episodes: rows.slice(q.offset, q.offset + q.limit).map((e) => toEpisode(e, serial, now)) };
}

export async function getEpisode(db: Db, episodeId: number, now: number): Promise<SerialEpisode> {
  const episode = await requireEpisode(db, episodeId);
  return toEpisode(episode, await requireSerial(db, episode.serialId, now), now);
}

export async function memberState(db: Db, userId: number | null, serialId: number): Promise<MemberSerialState> {
  if (userId === null) return GUEST_STATE;
  const [serialRow, rows] = await Promise.all([users.findUserSerial(db, userId, serialId), users.userEpisodeRows(db, userId, serialId)]);
  return { chargeUsedAt: serialRow?.charge_used_at ?? null, rows: new Map(rows.map((r) => [r.episode_id, r])) };
}

/** Episode user data of a whole serial (or one episode), for the member or a guest. */
export async function userEpisodes(db: Db, userId: number | null, serialId: number, now: number): Promise<EpisodeUserData[]> {
  const serial = await requireSerial(db, serialId, now);
  const [episodes, state] = await Promise.all([repo.listEpisodes(db, serialId), memberState(db, userId, serialId)]);
  return episodeUserData(episodes, serial, state, now);
}

export async function userSerial(db: Db, userId: number, serialId: number, now: number): Promise<SerialUserData> {
  const serial = await requireSerial(db, serialId, now);
  const row = await users.findUserSerial(db, userId, serialId);
  const charge = chargeState(row?.charge_used_at ?? null, serial.chargeMinutes, now);
  return {
    serialId,
    charged: charge.charged,
    chargeRemainingMilliSec: charge.chargeRemainingMilliSec,
    newEpisodeFlg: row?.last_read_at != null && (serial.latestRelease ?? 0) > row.last_read_at,
    notification: row?.notification === 1,
  };
}

export async function specialTickets(db: Db, userId: number | null, now: number): Promise<TicketState> {
  return userId === null ? guestTicketState(now) : ticketState(await users.ticketRow(db, userId), now);
}

export async function adReward(db: Db, userId: number | null, now: number): Promise<TicketState> {
  return adRewardState(userId === null ? null : await users.adRewardRow(db, userId), now);
}

/** §3 Serial history items, newest first. */
export async function histories(
  db: Db,
  userId: number,
  q: { offset: number; limit: number; continuableOnly?: boolean },
  now: number,
): Promise<SerialHistoryItem[]> {
  const rows = await users.historyRows(db, userId, q.continuableOnly ? 200 : q.limit, q.continuableOnly ? 0 : q.offset);
  const items: SerialHistoryItem[] = [];
  for (const row of rows) {
    const serial = await repo.findSerial(db, row.serial_id, now);
    if (!serial) continue;
    if (q.continuableOnly && !(await hasNextReleased(db, row.last_episode_id, now))) continue;
    const charge = chargeState(row.charge_used_at, serial.chargeMinutes, now);
    items.push({
      id: serial.id,
      imageUrl: toSerial(serial, now).images.small,
      title: serial.name,
      ticketUsable: serial.ticketUsable === 1,
      hasNormalTicket: charge.charged,
      timeToGivenNextNormalTicket: charge.chargeRemainingMilliSec,
      hasNewEpisode: row.last_read_at !== null && (serial.latestRelease ?? 0) > row.last_read_at,
      lastEpisodeId: row.last_episode_id,
      lastReadAt: row.last_read_at ?? 0,
    });
  }
  return q.continuableOnly ? items.slice(q.offset, q.offset + q.limit) : items;
}

async function hasNextReleased(db: Db, episodeId: number | null, now: number): Promise<boolean> {
  if (episodeId === null) return false;
  const episode = await repo.findEpisode(db, episodeId);
  if (!episode) return false;
  const { next } = await repo.neighbourEpisodes(db, episode);
  return next !== null && isReleased(next, now);
}

/**
 * `GET /serial_episodes/{serial_id}/suggestions/v2?serial_episode_id=`: what follows the
 * episode just read — the next episode with its personalised spend type, or why there is none
 * (last episode, distribution ended, not yet delivered).
 */
export async function suggestion(
  db: Db,
  userId: number | null,
  serialId: number,
  episodeId: number,
  now: number,
): Promise<SuggestionResponse> {
  const serial = await requireSerial(db, serialId, now);
  const current = await requireEpisode(db, episodeId);
  if (current.serialId !== serialId)
    throw new AppError(404, ErrorCode.SERIAL_EPISODE_NOT_EXISTS, ['serial_episode_id: not in this serial']);
  const { next } = await repo.neighbourEpisodes(db, current);
  const base = {
    serial: { id: serial.id, name: serial.name, titleId: serial.titleId, rentalMinutes: serial.rentalMinutes },
    book: current.bookId !== null && current.vol !== null ? { bookId: current.bookId, vol: current.vol } : null,
  };
  if (isExpired(serial, now) || (next && next.endDatetime !== null && next.endDatetime <= now))
    return { kind: 'expired', episode: null, ...base };
  if (!next) return { kind: 'last', episode: null, ...base };
  if (next.releaseDatetime > now) return { kind: 'waiting', episode: null, ...base };
  const episodes = await repo.listEpisodes(db, serialId);
  const data = episodeUserData(episodes, serial, await memberState(db, userId, serialId), now).find((d) => d.serialEpisodeId === next.id)!;
  return {
    kind: 'episode',
    episode: {
      id: next.id,
      price: data.finalPrice,
      spendType: data.personalizedSpendType,
      pageImageUrl: toSerial(serial, now).images.small,
      title: next.title,
      orderSequence: next.orderSequence,
      renting: data.renting,
      rentalPeriodTime: data.rentalPeriodTime,
    },
    ...base,
  };
}

/** Recommended free serials (§2 last page grid): serials with free episodes the member has not opened, most read first. */
export async function recommends(
  db: Db,
  userId: number,
  q: { serial_id?: number; type: 'popular' | 'new' | 'same_category'; limit: number; healthy_only?: string; includeAdult: boolean },
  now: number,
): Promise<Serial[]> {
  const touched = new Set(await users.touchedSerialIds(db, userId));
  const healthy = q.healthy_only === '1' || q.healthy_only === 'true';
  const order = q.type === 'new' ? 'recent' : 'reads';
  const all = await repo.listSerials(db, { order, includeAdult: q.includeAdult, offset: 0, limit: 200 }, now);
  const candidates = all
    .filter((s) => s.id !== q.serial_id && !touched.has(s.id) && !isExpired(s, now))
    .filter((s) => !healthy || !s.category.includes('adult'));
  // same_category: the serial's own category first, then the rest in the popular order.
  const category = q.type === 'same_category' ? all.find((s) => s.id === q.serial_id)?.category : undefined;
  const ranked =
    category === undefined
      ? candidates
      : [...candidates.filter((s) => s.category === category), ...candidates.filter((s) => s.category !== category)];
  return ranked.slice(0, q.limit).map((s) => toSerial(s, now));
}

/** The member's coin rentals of episodes (coins or manga coins; ticket openings are not charges), newest first. */
export async function chargeHistories(db: Db, userId: number, q: { offset: number; limit: number }): Promise<ChargeHistoryItem[]> {
  const rows = await users.rentalChargeRows(db, userId, q);
  return rows.map((r) => ({
    serialEpisodeId: r.episode_id,
    serialId: r.serial_id,
    title: r.episode_title,
    serialName: r.serial_name,
    chargedAt: Number(r.created_at),
    price: r.price,
    paymentType: r.payment_type === RentalPaymentType.COIN ? 'COIN' : 'MANGA_COIN',
    rentalEnd: Number(r.rental_end),
  }));
}
