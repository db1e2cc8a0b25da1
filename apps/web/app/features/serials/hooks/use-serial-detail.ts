import type {
  EpisodeUserData,
  Serial,
  SerialDetailPage,
  SerialEpisode,
  SerialUserData,
  UserSerialTicket,
} from '@hondana/domain/serials/serials-api';
import { guestTicketState } from '@hondana/domain/serials/serials';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { adRewardQuery } from '../api/ad-reward-query';
import { balancesQuery } from '../api/balances-query';
import { episodesQuery } from '../api/episodes-query';
import { SERIALS_KEY, serialQuery } from '../api/serial-query';
import { ticketQuery } from '../api/ticket-query';
import { userEpisodesQuery } from '../api/user-episodes-query';
import { userSerialQuery } from '../api/user-serial-query';

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

type SerialDetailState = ({ status: 'loading' } | { status: 'failed' } | { status: 'ready'; data: SerialDetailData }) & {
  reload: () => void;
};

const NO_BALANCES = { coin: 0, mangaCoin: 0 };

/**
 * Everything the serial detail page shows, one query per call: first what the loader rendered
 * (seeded as the queries' data, read at its `loadedAt`), then read again in the browser when a
 * rental, ticket or toggle invalidates the serials queries. Nothing refetches on its own: the
 * countdowns run from the instant the data was read.
 */
export function useSerialDetail(serialId: number, loggedIn: boolean, initial?: SerialDetailPage): SerialDetailState {
  const seeded = <T>(data: T | undefined) => ({ initialData: data, initialDataUpdatedAt: initial?.loadedAt, staleTime: Infinity });
  const member = loggedIn && initial?.userSerial !== null;
  const serial = useQuery({ ...serialQuery(serialId), ...seeded(initial?.serial) });
  const episodes = useQuery({ ...episodesQuery(serialId, initial?.episodePage.page ?? 1), ...seeded(initial?.episodes) });
  const userEpisodes = useQuery({ ...userEpisodesQuery(serialId), ...seeded(member ? initial?.userData : undefined), enabled: loggedIn });
  const userSerial = useQuery({
    ...userSerialQuery(serialId),
    ...seeded(member ? (initial?.userSerial ?? undefined) : undefined),
    enabled: loggedIn,
  });
  const ticket = useQuery({ ...ticketQuery(), ...seeded(member ? initial?.ticket : undefined), enabled: loggedIn });
  const adReward = useQuery({ ...adRewardQuery(), ...seeded(member ? (initial?.adReward ?? undefined) : undefined), enabled: loggedIn });
  const balances = useQuery({ ...balancesQuery(), ...seeded(member ? initial?.balances : undefined), enabled: loggedIn });

  const queryClient = useQueryClient();
  const reload = useCallback(() => void queryClient.invalidateQueries({ queryKey: [SERIALS_KEY] }), [queryClient]);
  const all = loggedIn ? [serial, episodes, userEpisodes, userSerial, ticket, adReward, balances] : [serial, episodes];
  const failed = all.some((q) => q.isError);
  const loadedAt = Math.max(...all.map((q) => q.dataUpdatedAt));
  const userData = useMemo(() => new Map((userEpisodes.data ?? []).map((d) => [d.serialEpisodeId, d])), [userEpisodes.data]);

  if (failed) return { status: 'failed', reload };
  if (!serial.data || !episodes.data) return { status: 'loading', reload };
  if (!loggedIn) {
    const data = {
      serial: serial.data,
      episodes: episodes.data,
      userData,
      userSerial: null,
      ticket: guestTicketState(loadedAt),
      adReward: null,
      balances: NO_BALANCES,
      loadedAt,
    };
    return { status: 'ready', data, reload };
  }
  if (!userEpisodes.data || !userSerial.data || !ticket.data || !adReward.data || !balances.data) return { status: 'loading', reload };
  const data = {
    serial: serial.data,
    episodes: episodes.data,
    userData,
    userSerial: userSerial.data,
    ticket: ticket.data,
    adReward: adReward.data,
    balances: balances.data,
    loadedAt,
  };
  return { status: 'ready', data, reload };
}
