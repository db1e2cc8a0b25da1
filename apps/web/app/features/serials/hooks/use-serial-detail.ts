import type { EpisodeUserData, Serial, SerialDetailPage, SerialEpisode, SerialUserData, UserSerialTicket } from '@hondana/domain/serials/serials-api';
import { guestTicketState } from '@hondana/domain/serials/serials';
import {
  getAdReward,
  getBalances,
  getEpisodes,
  getSerial,
  getTicket,
  getUserEpisodes,
  getUserSerial,
} from '../api/serials';
import { useFetch } from './use-fetch';

export interface SerialDetailData {
  serial: Serial;
  episodes: SerialEpisode[];
  /** By episode id; empty for a guest. */
  userData: Map<number, EpisodeUserData>;
  userSerial: SerialUserData | null;
  ticket: UserSerialTicket;
  adReward: UserSerialTicket | null;
  balances: { coin: number; mangaCoin: number };
  /** The instant the data was read (the server's clock when rendered there), for the countdowns. */
  loadedAt: number;
}

/** The loader's page data as the components use it. */
export const fromPage = (page: SerialDetailPage): SerialDetailData => ({
  ...page,
  userData: new Map(page.userData.map((d) => [d.serialEpisodeId, d])),
});

async function loadDetail(serialId: number, loggedIn: boolean): Promise<SerialDetailData> {
  const [serial, list] = await Promise.all([getSerial(serialId), getEpisodes(serialId, 'sequence')]);
  const loadedAt = Date.now();
  if (!loggedIn) {
    return { serial, episodes: list.episodes, userData: new Map(), userSerial: null, ticket: guestTicketState(loadedAt), adReward: null, balances: { coin: 0, mangaCoin: 0 }, loadedAt };
  }
  const [user, userSerial, ticket, adReward, balances] = await Promise.all([
    getUserEpisodes(serialId),
    getUserSerial(serialId),
    getTicket(),
    getAdReward(),
    getBalances(),
  ]);
  return {
    serial,
    episodes: list.episodes,
    userData: new Map(user.episodes.map((d) => [d.serialEpisodeId, d])),
    userSerial,
    ticket,
    adReward,
    balances,
    loadedAt,
  };
}

/** Everything the serial detail page shows: first from the loader, reloaded in the browser after each rental, ticket or toggle. */
export const useSerialDetail = (serialId: number, loggedIn: boolean, initial?: SerialDetailData) =>
  useFetch(`serial:${serialId}:${loggedIn}`, () => loadDetail(serialId, loggedIn), initial);
