import { infiniteQueryOptions } from '@tanstack/react-query';
import { getWishList } from './wish';

export const WISH_LIST_KEY = ['notices', 'wish-list'] as const;

/** `GET /api/wish_title/list`, page after page of `limit` titles. */
export const wishListQuery = (limit: number) =>
  infiniteQueryOptions({
    queryKey: [...WISH_LIST_KEY, limit],
    queryFn: ({ pageParam }) => getWishList(pageParam, limit),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.titles.length, 0);
      return loaded < last.totalCount && last.titles.length > 0 ? loaded : undefined;
    },
  });
