import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getUserEpisodes } from './serials';

/** `GET /api/user_serial_episodes/me/?serial_id=` (members): what the member has of each episode. */
export const userEpisodesQuery = (serialId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, serialId, 'user-episodes'], queryFn: async () => (await getUserEpisodes(serialId)).episodes });
