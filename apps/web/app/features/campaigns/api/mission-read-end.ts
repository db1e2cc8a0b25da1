import type { MissionProgressResponse } from '@hondana/domain/campaigns/missions-api';
import { useEffect } from 'react';
import { apiRequest } from '../../../lib/api/client';

/** `POST /api/mission/read_end` (§7): a book read to the end counts towards running missions. */
export function missionReadEnd(bookId: number): Promise<MissionProgressResponse> {
  return apiRequest<MissionProgressResponse>('/mission/read_end', { method: 'POST', json: { book_id: bookId } });
}

/**
 * On the viewer's last page of a book the member may read whole: report it once for missions
 * (the server counts a book once, so a reload does no harm). A failure only costs the progress.
 */
export function useMissionReadEnd(bookId: number, eligible: boolean): void {
  useEffect(() => {
    if (eligible) missionReadEnd(bookId).catch(() => undefined);
  }, [bookId, eligible]);
}
