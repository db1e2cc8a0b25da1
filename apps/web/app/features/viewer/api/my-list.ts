import { setWish } from '../../notices/api/wish';

/**
 * My list toggle (§4: in the list means remove, otherwise add), through the my-list call the
 * notices pages use. Succeeds only with status code 0 (§5). Resolves to whether the title is now
 * in the list.
 */
export async function toggleMyList(titleId: number, inMyList: boolean): Promise<boolean> {
  const response = await setWish(titleId, !inMyList);
  if (response.status.code !== 0) throw new Error(`wish_title status ${response.status.code}`);
  return !inMyList;
}
