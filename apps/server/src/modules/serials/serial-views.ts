import type { EpisodeUserData, Serial, SerialEpisode } from '@hondana/domain/serials/serials-api';
import {
  type SpendType,
  chargeState,
  episodeSpendType,
  finalPrice,
  isRenting,
  orderOnlyEpisodeSequence,
  personalizedSpendType,
} from '@hondana/domain/serials/serials';
import type { UserSerialEpisodesTable } from '../../db/serials-schema';
import type { EpisodeRow, SerialRow } from './serials.repository';

/** Shapes rows into §3 Serial, Serial episode and Episode user data, applying the §4 rules. */

/** The serial's key visual; an uploaded one's addresses carry its version (`?v=`), so browsers keep it for good. */
export const serialImage = (id: number, width: number, version = 0) =>
  `/media/serials/${id}/${width}.webp${version > 0 ? `?v=${version}` : ''}`;

export function toSerial(r: SerialRow, now: number): Serial {
  return {
    id: r.id,
    name: r.name,
    title: r.name,
    description: r.description,
    images: {
      small: serialImage(r.id, 164, r.imageVersion),
      medium: serialImage(r.id, 335, r.imageVersion),
      large: serialImage(r.id, 522, r.imageVersion),
    },
    colors: { themeColor: r.themeColor, subColor: r.subColor },
    ticketUsable: r.ticketUsable === 1,
    rewardUsable: r.rewardUsable === 1,
    chargeMinutes: r.chargeMinutes,
    rentalMinutes: r.rentalMinutes,
    orderOnly: r.orderOnly === 1,
    releasedEpisodeCount: r.releasedEpisodes,
    totalEpisodeCount: r.totalEpisodes,
    categoryIds: [r.category],
    readCount: r.readCount,
    titleId: r.titleId,
    expired: isExpired(r, now),
    totalPage: r.totalPage,
  };
}

export const isExpired = (s: { endDatetime: number | null }, now: number): boolean => s.endDatetime !== null && s.endDatetime <= now;
export const isReleased = (e: EpisodeRow, now: number): boolean =>
  e.releaseDatetime <= now && (e.endDatetime === null || e.endDatetime > now);

export const baseSpendType = (e: EpisodeRow, s: SerialRow): SpendType =>
  episodeSpendType({ price: e.price, freeFlg: e.freeFlg === 1, spendType: e.spendType }, { chargeMinutes: s.chargeMinutes });

export function toEpisode(e: EpisodeRow, s: SerialRow, now: number): SerialEpisode {
  return {
    id: e.id,
    serialId: e.serialId,
    title: e.title,
    orderSequence: e.orderSequence,
    price: e.price,
    spendType: baseSpendType(e, s),
    releaseDatetime: e.releaseDatetime,
    released: isReleased(e, now),
    bookId: e.bookId,
    vol: e.vol,
    pageCount: e.pageCount,
    layoutType: e.layoutType,
  };
}

/** What the member holds in one serial: the normal ticket and their episode rows. */
export interface MemberSerialState {
  chargeUsedAt: number | null;
  rows: Map<number, UserSerialEpisodesTable>;
}

/** Guests are priced as a member whose normal ticket is back. */
export const GUEST_STATE: MemberSerialState = { chargeUsedAt: null, rows: new Map() };

/** The furthest episode opened by a rental or a free read, for order-only serials. */
function furthestOpened(episodes: EpisodeRow[], state: MemberSerialState, s: SerialRow): number {
  let furthest = 0;
  for (const e of episodes) {
    const row = state.rows.get(e.id);
    const opened = baseSpendType(e, s) === 0 ? row?.read_started_at != null : row?.rented_at != null;
    if (opened) furthest = Math.max(furthest, e.orderSequence);
  }
  return furthest;
}

/** §3 Episode user data of every episode, with §4's final price and personalised spend type. */
export function episodeUserData(episodes: EpisodeRow[], s: SerialRow, state: MemberSerialState, now: number): EpisodeUserData[] {
  const charge = chargeState(state.chargeUsedAt, s.chargeMinutes, now);
  const target = orderOnlyEpisodeSequence(
    episodes.map((e) => ({ orderSequence: e.orderSequence, free: baseSpendType(e, s) === 0 })),
    furthestOpened(episodes, state, s),
  );
  return episodes.map((e) => {
    const row = state.rows.get(e.id);
    const renting = isRenting(row?.rental_end ?? null, now);
    const spendType = baseSpendType(e, s);
    const price = renting
      ? 0
      : finalPrice({
          price: e.price,
          spendType,
          charged: charge.charged,
          orderOnly: s.orderOnly === 1,
          isOrderOnlyEpisode: e.orderSequence === target,
        });
    return {
      serialEpisodeId: e.id,
      renting,
      rentalPeriodTime: renting ? (row?.rental_end ?? null) : null,
      personalizedSpendType: personalizedSpendType(spendType, price),
      finalPrice: price,
      read: row?.read_started_at != null,
    };
  });
}
