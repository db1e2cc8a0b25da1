import type { OkResponse } from '@hondana/domain/common/responses';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api/client';

/** `POST /api/mission/notice/v2` (§7): the member has seen a mission's reward notice. */
function noticeMission(missionId: number): Promise<OkResponse> {
  return apiRequest<OkResponse>('/mission/notice/v2', { method: 'POST', json: { mission_id: missionId } });
}

export const useNoticeMission = () => useMutation({ mutationFn: noticeMission });
