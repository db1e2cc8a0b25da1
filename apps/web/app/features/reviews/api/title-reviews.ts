import type { ReviewSort } from '@hondana/domain/reviews/reviews';
import type { CommentList, TitleReviewList } from '@hondana/domain/reviews/reviews-api';
import { REVIEW_PAGE_SIZE } from '@hondana/domain/reviews/reviews';
import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../../lib/api/client';

type TitleReviewsPage = TitleReviewList;

/** `GET /api/title_reviews/list?title_id&sort&offset&limit=10` (§7, §9 page size 10). */
const getTitleReviews = (titleId: number, sort: ReviewSort, offset: number) =>
  apiGet<TitleReviewsPage>(`/api/title_reviews/list?title_id=${titleId}&sort=${sort}&offset=${offset}&limit=${REVIEW_PAGE_SIZE}`);

const titleReviewsQueryOptions = (titleId: number, sort: ReviewSort) =>
  infiniteQueryOptions({
    queryKey: ['title_reviews', titleId, sort],
    queryFn: ({ pageParam }) => getTitleReviews(titleId, sort, pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((n, p) => n + p.reviews.length, 0);
      return loaded < last.totalCount ? loaded : undefined;
    },
  });

export const useTitleReviews = (titleId: number, sort: ReviewSort) => useInfiniteQuery(titleReviewsQueryOptions(titleId, sort));

/** `GET /api/reviews/comments?review_id&offset&limit`. */
const getComments = (reviewId: number) => apiGet<CommentList>(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=100`);

const commentsQueryOptions = (reviewId: number) =>
  queryOptions({ queryKey: ['review_comments', reviewId], queryFn: () => getComments(reviewId) });

export const useComments = (reviewId: number) => useQuery(commentsQueryOptions(reviewId));
