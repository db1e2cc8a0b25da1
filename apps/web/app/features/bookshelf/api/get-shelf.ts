import type { ShelfFilter, ShelfSort, UserBooksResponse } from '@hondana/domain/bookshelf/bookshelf';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

interface ShelfParams {
  filter: ShelfFilter;
  sort: ShelfSort;
  word: string;
  offset: number;
  limit: number;
}

/** `GET /api/user_books/me`: a page of the member's series tiles. */
const getShelf = (p: ShelfParams) =>
  apiGet<UserBooksResponse>('/user_books/me', {
    filter: p.filter,
    sort: p.sort,
    word: p.word || undefined,
    offset: p.offset,
    limit: p.limit,
    ac: 1,
  });

const shelfQueryOptions = (p: ShelfParams) =>
  queryOptions({ queryKey: ['bookshelf', 'series', p], queryFn: () => getShelf(p), placeholderData: keepPreviousData });

export const useShelf = (p: ShelfParams) => useQuery(shelfQueryOptions(p));
