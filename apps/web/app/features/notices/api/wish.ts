import type { WishTitle } from '@hondana/domain/notices-rules';
import { apiGet, apiRequest, createToken } from '../../../lib/api/client';

/** §4 toggle: `/wish_title/add` or `/wish_title/delete` with its one-time token (status code 0). */
export async function setWish(titleId: number, wished: boolean) {
  const action = wished ? 'add' : 'delete';
  const token = await createToken(`/api/wish_title/${action}/create_token`);
  return apiRequest<{ status: { code: number }; result: { wished: boolean; wishCount: number } }>(`/api/wish_title/${action}`, {
    method: 'POST',
    form: { token, title_id: titleId },
  });
}

/** Bulk `DELETE /wish_title/titles` (token, JSON body). */
export async function deleteWishes(titleIds: number[]) {
  const token = await createToken('/api/wish_title/delete/create_token');
  return apiRequest<{ result: { deletedCount: number } }>(`/api/wish_title/titles?token=${encodeURIComponent(token)}`, { method: 'DELETE', json: { titleIds } });
}

export const getWishList = (offset: number, limit: number) =>
  apiGet<{ totalCount: number; titles: WishTitle[] }>(`/api/wish_title/list?offset=${offset}&limit=${limit}`);
