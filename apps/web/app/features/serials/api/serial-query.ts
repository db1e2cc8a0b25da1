import { queryOptions } from '@tanstack/react-query';
import { getSerial } from './serials';

/** Every serials query starts with this key: a rental, ticket or toggle invalidates them all. */
export const SERIALS_KEY = 'serials';

/** `GET /api/serials/{serialId}`. */
export const serialQuery = (serialId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, serialId, 'serial'], queryFn: () => getSerial(serialId) });
