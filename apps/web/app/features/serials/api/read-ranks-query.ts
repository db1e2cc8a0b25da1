import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getReadRanks } from './serials';

/** `GET /api/serial_read_ranks`: the serial ranking, as its serials in rank order. */
export const readRanksQuery = (offset: number, limit: number) =>
  queryOptions({
    queryKey: [SERIALS_KEY, 'read-ranks', offset, limit],
    queryFn: async () => (await getReadRanks(offset, limit)).ranks.map((r) => r.serial),
  });
