import {
  AdultPageQuery,
  CommentList,
  MyReviewQuery,
  MyReviewResult,
  ReviewList,
  ReviewNoticeList,
} from '@hondana/domain/reviews/reviews-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adultAllowed } from '../accounts/adult-access';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { listReviewNotices } from './review-notices';
import type { ReviewRouteContext } from './review-route-context';
import { reviewVisibility } from './review-visibility';
import * as reviews from './reviews.service';

/** §7 a member's own: their review of a title, the notices on their reviews, their reviews and their comments. */
export function myReviewRoutes(base: FastifyInstance, { db }: ReviewRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/user_reviews/me/by_review',
    { preValidation: memberFirst, schema: { querystring: MyReviewQuery, response: { 200: MyReviewResult } } },
    async (request) => {
      const user = await requireUser(request);
      const { review_id, title_id } = request.query;
      const visible = reviewVisibility(db, request);
      if (review_id !== undefined) await visible.review(review_id);
      if (title_id !== undefined) await visible.title(title_id);
      return reviews.myReview(db, user.userId, { reviewId: review_id, titleId: title_id });
    },
  );
  app.get(
    '/reviews/notice',
    { preValidation: memberFirst, schema: { querystring: AdultPageQuery, response: { 200: ReviewNoticeList } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit, ac } = request.query;
      return listReviewNotices(db, user.userId, offset, limit, await adultAllowed(request, ac));
    },
  );
  app.get(
    '/user/review_list',
    { preValidation: memberFirst, schema: { querystring: AdultPageQuery, response: { 200: ReviewList } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit, ac } = request.query;
      return reviews.userReviews(db, user.userId, offset, limit, await adultAllowed(request, ac));
    },
  );
  app.get(
    '/user/comment_list',
    { preValidation: memberFirst, schema: { querystring: AdultPageQuery, response: { 200: CommentList } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit, ac } = request.query;
      return reviews.userComments(db, user.userId, offset, limit, await adultAllowed(request, ac));
    },
  );
}
