import type {
  AdRewardResult,
  ChargeHistoryList,
  HistoryDeleteResult,
  NotificationResult,
  ReadingMarkResult,
  RentalResult,
  Serial,
  SerialEpisodeList,
  SerialHistoryList,
  SerialList,
  SerialRankList,
  SerialUserData,
  SuggestionResponse,
  UserEpisodeList,
  UserSerialTicket,
} from '@hondana/domain/serials/serials-api';
import { SERIAL_EPISODES_PAGE_SIZE } from '@hondana/domain/serials/serials';
import { apiRequest, withToken } from '../../../lib/api/client';

/** The serial pages answer a 401 themselves (a guest sees the free parts), so it is not a redirect. */
const api = <T>(path: string) => apiRequest<T>(path, { allowUnauthorized: true });

/** The calls of §7 "Serials and episodes" the serial pages and the serial last page make. */

export const getReadRanks = (offset: number, limit: number) =>
  api<SerialRankList>(`/api/serial_read_ranks?offset=${offset}&limit=${limit}`);
export const getSerial = (serialId: number) => api<Serial>(`/api/serials/${serialId}`);
export const getEpisodes = (serialId: number, sort: 'sequence' | '-sequence', offset = 0) =>
  api<SerialEpisodeList>(`/api/serial_episodes?serial_id=${serialId}&offset=${offset}&limit=${SERIAL_EPISODES_PAGE_SIZE}&sort=${sort}`);
export const getUserEpisodes = (serialId: number) => api<UserEpisodeList>(`/api/user_serial_episodes/me/?serial_id=${serialId}`);
export const getUserSerial = (serialId: number) => api<SerialUserData>(`/api/user_serials/me/${serialId}`);
export const getTicket = () => api<UserSerialTicket>('/api/user_serial_ticket/me');
export const getAdReward = () => api<UserSerialTicket>('/api/user_serial_ad_reward/me');
export const getHistories = (limit: number) => api<SerialHistoryList>(`/api/serials/user_continuable_reading/me?limit=${limit}`);
export const getRecommends = (serialId: number) => api<SerialList>(`/api/serials/recommends?serial_id=${serialId}&limit=12&healthy_only=1`);
export const getSuggestion = (serialId: number, episodeId: number) =>
  api<SuggestionResponse>(`/api/serial_episodes/${serialId}/suggestions/v2?serial_episode_id=${episodeId}`);
/** The member's coin and manga coin balances (the wallet area's `GET /user/get_coin`). */
export const getBalances = async () => (await api<{ results: { coin: number; mangaCoin: number } }>('/api/user/get_coin')).results;

export interface RentalRequest {
  price: number;
  spend_type: number;
  payment_type?: number;
}

export const rentEpisode = (episodeId: number, body: RentalRequest) =>
  withToken<RentalResult>(
    `/api/user_serial_episodes/${episodeId}/rental/token`,
    `/api/user_serial_episodes/${episodeId}/rental`,
    { json: body },
    'POST',
  );

export const markReading = (episodeId: number, which: 'start_reading' | 'end_reading') =>
  withToken<ReadingMarkResult>(
    `/api/user_serial_episodes/${episodeId}/${which}/token`,
    `/api/user_serial_episodes/${episodeId}/${which}`,
    {},
    'POST',
  );

export const setNotification = (serialId: number, on: boolean) =>
  withToken<NotificationResult>(
    `/api/user_serials/me/${serialId}/notification/token`,
    `/api/user_serials/me/${serialId}/notification`,
    { method: on ? 'POST' : 'DELETE' },
    'POST',
  );

export const claimAdReward = (serialId: number) =>
  withToken<AdRewardResult>('/api/user_serial_ad_reward/me/token', `/api/user_serial_ad_reward/me/use?serial_id=${serialId}`, {}, 'POST');

/** `GET /serials/user_histories/me`: one page of the member's 閲覧履歴. */
export const getUserHistories = (offset: number, limit: number) =>
  api<SerialHistoryList>(`/api/serials/user_histories/me?offset=${offset}&limit=${limit}`);
/** `DELETE /serials/user_histories/me`: one serial out of the history, or (serialId null) all of them. */
export const deleteUserHistory = (serialId: number | null) =>
  withToken<HistoryDeleteResult>(
    '/api/serials/user_histories/me/token',
    '/api/serials/user_histories/me',
    { method: 'DELETE', query: serialId === null ? {} : { serial_id: String(serialId) } },
    'POST',
  );
/** `GET /serials/user_charge_histories/me`: one page of the member's coin rentals. */
export const getChargeHistories = (offset: number, limit: number) =>
  api<ChargeHistoryList>(`/api/serials/user_charge_histories/me?offset=${offset}&limit=${limit}`);
