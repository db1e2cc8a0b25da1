import type { TicketGrantAnswer, TicketGrantState } from '@hondana/domain/campaigns/lottery-api';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/lottery/tickets/read_end?book_id=` (§7): the Tokyo day's read-end ticket; §8 errors as ApiError. */
export async function grantReadEnd(bookId: number): Promise<TicketGrantState> {
  const body = await apiGet<TicketGrantAnswer>('/lottery/tickets/read_end', { book_id: bookId });
  return body.results;
}
