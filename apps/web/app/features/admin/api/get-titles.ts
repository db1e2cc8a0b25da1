import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminTitle, TitleList } from '@hondana/domain/admin/admin-api';
import { adminGet } from './admin-api';

/** `GET /api/admin/titles?q=`: titles whose name, reading or authors hold every word of `q` (or the title with id `q`). */
const titleSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['admin', 'titles', q], queryFn: () => adminGet<TitleList>('/titles', { q }), staleTime: 30_000 });

/** The titles matching what an operator typed into a picker; nothing is asked while it is empty. */
export const useTitleSearch = (q: string) => useQuery({ ...titleSearchQueryOptions(q.trim()), enabled: q.trim() !== '' });

/** `GET /api/admin/titles/:id`: one title with its volumes (the key the title page reads and invalidates too). */
export const titleQueryOptions = (titleId: number) =>
  queryOptions({ queryKey: ['admin', 'title', titleId], queryFn: () => adminGet<AdminTitle>(`/titles/${titleId}`) });

/** A title and its volumes once an id is known; `null` asks nothing. */
export const useAdminTitle = (titleId: number | null) =>
  useQuery({ ...titleQueryOptions(titleId ?? 0), enabled: titleId !== null && titleId > 0 });
