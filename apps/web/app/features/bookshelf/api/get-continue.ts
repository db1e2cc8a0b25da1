import { CONTINUE_LIMIT, type ContinueResponse } from '@hondana/domain/bookshelf/bookshelf';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

/** `GET /api/user_books/me/continue?limit=`: books and episodes last opened, at the synced page. */
const getContinue = (limit = CONTINUE_LIMIT) => apiGet<ContinueResponse>('/user_books/me/continue', { limit, ac: 1 });

const continueQueryOptions = (limit = CONTINUE_LIMIT) =>
  queryOptions({ queryKey: ['bookshelf', 'continue', limit], queryFn: () => getContinue(limit) });

export const useContinue = (limit = CONTINUE_LIMIT) => useQuery(continueQueryOptions(limit));
