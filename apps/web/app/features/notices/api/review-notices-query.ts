import { queryOptions } from '@tanstack/react-query';
import { getReviewNotices } from './newly';

/** `GET /api/reviews/notice`: likes and comments on my reviews (listing marks them read, so it is read once per visit). */
export const reviewNoticesQuery = () =>
  queryOptions({ queryKey: ['notices', 'review-notices'], queryFn: getReviewNotices, staleTime: Infinity });
