import { queryOptions } from '@tanstack/react-query';
import { getFollow } from './newly';

/** `GET /api/newly/newly_notices/{titleId}`: whether the member follows the title and its authors. */
export const followQuery = (titleId: number) =>
  queryOptions({ queryKey: ['notices', 'follow', titleId], queryFn: () => getFollow(titleId) });
