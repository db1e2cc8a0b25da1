import type { UserBooksByTitleResponse } from '@hondana/domain/bookshelf/bookshelf-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/user_books/me/by_title?title_id=`: the member's volumes and rentals of one series. */
const getShelfTitle = (titleId: number) => apiGet<UserBooksByTitleResponse>('/user_books/me/by_title', { title_id: titleId, ac: 1 });

const shelfTitleQueryOptions = (titleId: number) =>
  queryOptions({ queryKey: ['bookshelf', 'title', titleId], queryFn: () => getShelfTitle(titleId) });

export const useShelfTitle = (titleId: number) => useQuery(shelfTitleQueryOptions(titleId));
