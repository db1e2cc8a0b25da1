import { track } from '../../../lib/track';
import { requestJson } from './http';

type TokenResponse = { status: { code: number; token: string } };
type WishResponse = { status: { code: number } };

/**
 * My list toggle (§4: in the list means remove, otherwise add): `GET /api/wish_title/{add|delete}
 * /create_token`, then `POST /api/wish_title/{add|delete}` as a form with title_id and token.
 * Succeeds only with status code 0 (§5). Resolves to whether the title is now in the list.
 */
export async function toggleMyList(titleId: number, inMyList: boolean): Promise<boolean> {
  const action = inMyList ? 'delete' : 'add';
  const { status } = await requestJson<TokenResponse>(`/api/wish_title/${action}/create_token`, {}, 'Failed to fetch token');
  const form = new URLSearchParams({ title_id: String(titleId), token: status.token });
  const response = await requestJson<WishResponse>(
    `/api/wish_title/${action}`,
    { method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    'Failed to update my list',
  );
  if (response.status.code !== 0) throw new Error('Failed to update my list');
  track(inMyList ? 'delete_wish_list' : 'add_wish_list', { title_id: titleId, ref: 'viewer' });
  return !inMyList;
}
