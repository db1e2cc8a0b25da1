import type { EpisodeBrowser, SerialEpisode } from '@hondana/domain/serials/serials-api';
import { ApiError, apiRequest } from '../../../lib/api/client';

const api = <T>(path: string) => apiRequest<T>(path, { allowUnauthorized: true });

type EpisodeLoad =
  | { kind: 'ready'; browser: EpisodeBrowser }
  /** §8: unauthorized or not rented → the serial's detail page; also an episode not yet released (§4). */
  | { kind: 'detail'; serialId: number }
  /** §4 adult gate: an adult serial before the age check shows the age dialog. */
  | { kind: 'adult' }
  /** §4: failure to load the episode → /serial. */
  | { kind: 'failed' };

/** Answers sending the reader to the episode's serial detail page. */
const toDetail = (error: ApiError) =>
  error.status === 401 || (error.status === 403 && error.errorCode === 'FORBIDDEN') || error.errorCode === 'EPISODE_NOT_ON_RELEASE';

/** `GET /serial_episode_browsers/{serial_episode_id}`, with §8's redirects decided. */
export async function loadEpisode(episodeId: number): Promise<EpisodeLoad> {
  try {
    return { kind: 'ready', browser: await api<EpisodeBrowser>(`/api/serial_episode_browsers/${episodeId}`) };
  } catch (error) {
    if (error instanceof ApiError && error.errorCode === 'ADULT_CHECK_REQUIRED') return { kind: 'adult' };
    if (error instanceof ApiError && toDetail(error)) {
      const episode = await api<SerialEpisode>(`/api/serial_episodes/${episodeId}`).catch(() => null);
      return episode ? { kind: 'detail', serialId: episode.serialId } : { kind: 'failed' };
    }
    return { kind: 'failed' };
  }
}
