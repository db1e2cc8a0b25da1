import type { WishBulkDeleteResponse, WishListResponse, WishResponse } from '@hondana/domain/notices/notices-api';
import { apiGet, apiRequest, createToken } from '../../../lib/api/client';
import { currentPageView, track } from '../../../lib/track';

/** §4 toggle: `/wish_title/add` or `/wish_title/delete` with its one-time token (status code 0). */
export async function setWish(titleId: number, wished: boolean, ref: string = location.pathname) {
  const action = wished ? 'add' : 'delete';
  const token = await createToken(`/api/wish_title/${action}/create_token`);
  const answer = await apiRequest<WishResponse>(`/api/wish_title/${action}`, {
    method: 'POST',
    form: { token, title_id: titleId },
  });
  track(wished ? 'add_wish_list' : 'delete_wish_list', { title_id: titleId, ref, hash: currentPageView() });
  return answer;
}

/** Bulk `DELETE /wish_title/titles` (token, JSON body). */
export async function deleteWishes(titleIds: number[]) {
  const token = await createToken('/api/wish_title/delete/create_token');
  const answer = await apiRequest<WishBulkDeleteResponse>(`/api/wish_title/titles?token=${encodeURIComponent(token)}`, {
    method: 'DELETE',
    json: { titleIds },
  });
  for (const titleId of titleIds) track('delete_wish_list', { title_id: titleId, ref: location.pathname, hash: currentPageView() });
  return answer;
}

export const getWishList = (offset: number, limit: number) =>
  apiGet<WishListResponse>(`/api/wish_title/list?offset=${offset}&limit=${limit}&ac=1`);
