import { CONTINUABLE_HISTORY_LIMIT, SERIAL_EPISODES_PAGE_SIZE, guestTicketState, isAdultCategory } from '@hondana/domain/serials/serials';
import type { Viewer } from '@hondana/domain/accounts/accounts-api';
import type { Serial, SerialAdultGate, SerialDetailPage, SerialHomePage } from '@hondana/domain/serials/serials-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { getCoin } from '../wallet/wallet.service';
import * as discovery from './serial-discovery.service';
import * as repo from './serials.repository';
import { toSerial } from './serial-views';
import * as serials from './serials.service';

const HOME_RECENTS = 40;
const HOME_RANKS = 8;

/** The serial pages; adult serials only for a viewer whose age is confirmed (§4, §6). */
export interface SerialsPageContext {
  /** `/serial`: recents (of `category` when given), the top of the read ranking, the member's 続きが読める連載, osusumes. */
  home(q: { category: string | null }): Promise<SerialHomePage>;
  /** `/serial/ranking/general/{page}`: serials by reads. */
  ranking(q: { offset: number; limit: number }): Promise<{ rank: number; serial: Serial }[]>;
  /** `/serial/detail/{serialId}`: null when it does not exist; only the age dialog for an adult serial the viewer may not see. */
  detail(q: { serialId: number; page: number }): Promise<SerialDetailPage | SerialAdultGate | null>;
}

/**
 * The serials section of the store pages' context: `/serial`, the ranking and the serial detail
 * page render on the server from the same use cases the §7 calls answer with, for this viewer
 * (adult serials only after the age check, §4, §6).
 */
export function serialsContext(db: Kysely<Database>, viewer: Viewer | null, at: number): SerialsPageContext {
  const userId = viewer?.userId ?? null;
  const includeAdult = viewer?.adultState === 'ADULT';
  const v = { includeAdult, now: at };
  const list = async (q: Omit<repo.SerialListQuery, 'includeAdult'>) =>
    (await repo.listSerials(db, { ...q, includeAdult }, at)).map((s) => toSerial(s, at));
  return {
    async home({ category }): Promise<SerialHomePage> {
      const [recents, ranked, histories, osusumes] = await Promise.all([
        list({ category: category ?? undefined, order: 'recent', offset: 0, limit: HOME_RECENTS }),
        list({ order: 'reads', offset: 0, limit: HOME_RANKS }),
        userId === null ? [] : serials.histories(db, userId, { offset: 0, limit: CONTINUABLE_HISTORY_LIMIT, continuableOnly: true }, at),
        discovery.osusumes(db, { offset: 0, limit: 5 }, v),
      ]);
      return { recents, ranks: ranked.map((serial, i) => ({ rank: i + 1, serial })), histories, osusumes: osusumes.osusumes };
    },
    async ranking({ offset, limit }) {
      return (await list({ order: 'reads', offset, limit })).map((serial, i) => ({ rank: offset + i + 1, serial }));
    },
    async detail({ serialId, page }): Promise<SerialDetailPage | SerialAdultGate | null> {
      const row = await repo.findSerial(db, serialId, at);
      if (!row) return null;
      if (isAdultCategory(row.category) && !includeAdult) return { adultGate: true };
      const offset = (page - 1) * SERIAL_EPISODES_PAGE_SIZE;
      const episodes = await serials.listEpisodes(db, { serialId, offset, limit: SERIAL_EPISODES_PAGE_SIZE, sort: 'sequence' }, at);
      const pageCount = Math.max(1, Math.ceil(episodes.total / SERIAL_EPISODES_PAGE_SIZE));
      // A page past the last is not a page of this serial.
      if (page > pageCount) return null;
      const base = {
        adultGate: false as const,
        serial: toSerial(row, at),
        episodes: episodes.episodes,
        episodePage: { page, pageCount },
        loadedAt: at,
      };
      if (userId === null) {
        return {
          ...base,
          userData: [],
          userSerial: null,
          ticket: guestTicketState(at),
          adReward: null,
          balances: { coin: 0, mangaCoin: 0 },
        };
      }
      const [userData, userSerial, ticket, adReward, coins] = await Promise.all([
        serials.userEpisodes(db, userId, serialId, at),
        serials.userSerial(db, userId, serialId, at),
        serials.specialTickets(db, userId, at),
        serials.adReward(db, userId, at),
        getCoin(db, userId, at),
      ]);
      return {
        ...base,
        userData,
        userSerial,
        ticket,
        adReward,
        balances: { coin: coins.results.coin, mangaCoin: coins.results.mangaCoin },
      };
    },
  };
}
