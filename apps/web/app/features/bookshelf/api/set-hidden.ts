import type { HideBooksResponse } from '@hondana/domain/bookshelf/bookshelf-api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { withToken } from '../../../lib/api/client';

/** `POST /api/user_books/me/hide` or `/unhide` with its one-time token (form `book_ids`). */
export function setHidden({ bookIds, hidden }: { bookIds: number[]; hidden: boolean }) {
  const action = hidden ? 'hide' : 'unhide';
  return withToken<HideBooksResponse>(`/user_books/me/${action}/create_token`, `/user_books/me/${action}`, {
    form: { book_ids: bookIds.join(',') },
  });
}

export function useSetHidden() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setHidden, onSettled: () => queryClient.invalidateQueries({ queryKey: ['bookshelf'] }) });
}
