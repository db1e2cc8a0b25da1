import {
  AuthorIdPath,
  AuthorReviewList,
  AuthorReviewsQuery,
  ByBookQuery,
  CommentList,
  CommentsQuery,
  RatingSummary,
  ReviewIdQuery,
  ReviewList,
  ReviewResult,
  TitleReviewList,
  TitleReviewsQuery,
} from '@hondana/domain/reviews/reviews-api';
import { TitleIdPath } from '@hondana/domain/catalog/titles-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import type { ReviewRouteContext } from './review-route-context';
import { reviewVisibility } from './review-visibility';
import * as reviews from './reviews.service';

/** §7 reading reviews: a title's, its rating, a review's comments and detail, a book's, an author's. */
export function reviewListingRoutes(base: FastifyInstance, { db }: ReviewRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  app.get('/title_reviews/list', { schema: { querystring: TitleReviewsQuery, response: { 200: TitleReviewList } } }, async (request) => {
    const viewer = await sessionUser(request);
    await reviewVisibility(db, request).title(request.query.title_id);
    return reviews.titleReviews(db, { ...request.query, titleId: request.query.title_id, viewerId: viewer?.userId ?? null });
  });
  app.get('/title_reviews/:title_id', { schema: { params: TitleIdPath, response: { 200: RatingSummary } } }, async (request) => {
    await reviewVisibility(db, request).title(request.params.title_id);
    return reviews.getRatingSummary(db, request.params.title_id);
  });
  app.get('/reviews/comments', { schema: { querystring: CommentsQuery, response: { 200: CommentList } } }, async (request) => {
    const viewer = await sessionUser(request);
    const { review_id, offset, limit } = request.query;
    await reviewVisibility(db, request).review(review_id);
    return reviews.comments(db, { reviewId: review_id, offset, limit, viewerId: viewer?.userId ?? null });
  });
  app.get('/review/review_detail', { schema: { querystring: ReviewIdQuery, response: { 200: ReviewResult } } }, async (request) => {
    const viewer = await sessionUser(request);
    await reviewVisibility(db, request).review(request.query.review_id);
    return { result: await reviews.getReview(db, request.query.review_id, viewer?.userId ?? null) };
  });
  app.get('/reviews/by_book', { schema: { querystring: ByBookQuery, response: { 200: ReviewList } } }, async (request) => {
    const viewer = await sessionUser(request);
    const { book_id, offset, limit } = request.query;
    await reviewVisibility(db, request).book(book_id);
    return reviews.reviewsByBook(db, { bookId: book_id, offset, limit, viewerId: viewer?.userId ?? null });
  });
  app.get('/reviews/me/by_book', { schema: { querystring: ByBookQuery, response: { 200: ReviewList } } }, async (request) => {
    const user = await requireUser(request);
    const { book_id, offset, limit } = request.query;
    await reviewVisibility(db, request).book(book_id);
    return reviews.reviewsByBook(db, { bookId: book_id, offset, limit, viewerId: user.userId, onlyUserId: user.userId });
  });
  app.get(
    '/author_reviews/:author_id',
    { schema: { params: AuthorIdPath, querystring: AuthorReviewsQuery, response: { 200: AuthorReviewList } } },
    async (request) => {
      const viewer = await sessionUser(request);
      return reviews.authorReviews(db, {
        authorId: request.params.author_id,
        ...request.query,
        includeAdult: viewer?.adultState === 'ADULT',
        viewerId: viewer?.userId ?? null,
      });
    },
  );
}
