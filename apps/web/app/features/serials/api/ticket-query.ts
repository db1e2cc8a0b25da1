import { queryOptions } from '@tanstack/react-query';
import { SERIALS_KEY } from './serial-query';
import { getTicket } from './serials';

/** `GET /api/user_serial_ticket/me` (members): the special tickets. */
export const ticketQuery = () => queryOptions({ queryKey: [SERIALS_KEY, 'ticket'], queryFn: getTicket });
