import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getUserSerial } from './serials';

/** `GET /api/user_serials/me/{serialId}` (members): the free charge and the notification toggle. */
export const userSerialQuery = (serialId: number) =>
  queryOptions({ queryKey: [SERIALS_KEY, serialId, 'user-serial'], queryFn: () => getUserSerial(serialId) });
