import {
  AddCommentInput,
  AddReviewInput,
  AuthorIdPath,
  AuthorReviewList,
  AuthorReviewsQuery,
  ByBookQuery,
  CommentList,
  CommentResult,
  CommentWarningInput,
  CommentsQuery,
  DelCommentInput,
  DelCommentResult,
  DelReviewInput,
  DelReviewResult,
  LikeInput,
  LikeResult,
  ModCommentInput,
  ModReviewInput,
  MyReviewQuery,
  MyReviewResult,
  AdultPageQuery,
  RatingSummary,
  ReviewIdQuery,
  ReviewList,
  ReviewResult,
  ReviewWarningInput,
  ReviewNoticeList,
  TitleReviewList,
  TitleReviewsQuery,
  WarningResult,
} from '@hondana/domain/reviews/reviews-api';
import { TitleIdPath } from '@hondana/domain/catalog/titles-api';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { adultAllowed } from '../accounts/adult-access';
import { memberFirst, requireUser, sessionUser } from '../accounts/session-plugin';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import { registerTokenEndpoints } from '../accounts/token.routes';
import { sendStored } from '../../http/stored-reply';
import { listReviewNotices } from './review-notices';
import { reviewVisibility } from './review-visibility';
import * as reviews from './reviews.service';

/** Token purposes of the create_token endpoints of §7 "Reviews". */
const TOKEN_ENDPOINTS: Record<string, string> = {
  '/review_title/create_token': 'review_title',
  '/review/create_token': 'review',
  '/review/add_like/create_token': 'review_like',
  '/review/delete_like/create_token': 'review_like',
  '/review/warning/create_token': 'review_warning',
};

interface ReviewsRoutesOptions {
  /**
   * Forgets the title's kept facts, which carry its rating. `app.ts` passes the catalog's
   * `forgetTitleFacts`: the catalog's book detail shows reviews' marks, so reviews do not import it.
   */
  forgetTitleFacts: (db: Kysely<Database>, titleId: number) => void;
}

/** Reviews (§7 "Reviews"): every mutation takes its one-time token; others' content is 403. */
export const reviewsRoutes: FastifyPluginAsync<ReviewsRoutesOptions> = async (base, { forgetTitleFacts }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  registerTokenEndpoints(app, TOKEN_ENDPOINTS);

  /**
   * Runs a mutation once per token, for the member (401) and with the input the route's schema
   * judged (400 naming the field, before the handler).
   */
  async function mutate<T extends { token: string }, R>(
    request: FastifyRequest,
    reply: FastifyReply,
    purpose: string,
    input: T,
    run: (trx: Transaction<Database>, userId: number, input: T) => Promise<R>,
  ) {
    const user = await requireUser(request);
    const { token, ...rest } = input;
    await guard(request, input as { title_id?: number; review_id?: number; comment_id?: number });
    const use = { token, userId: user.userId, purpose, now: now(), request: { path: request.routeOptions.url, ...rest } };
    const result = await withOneTimeToken(db, use, async (trx) => ({ body: await run(trx, user.userId, input) }));
    return sendStored(reply, result);
  }

  /** Whatever the input names (title, review or comment) must be visible to this member (§6). */
  async function guard(request: FastifyRequest, input: { title_id?: number; review_id?: number; comment_id?: number }) {
    const visible = reviewVisibility(db, request);
    if (input.title_id !== undefined) await visible.title(input.title_id);
    if (input.review_id !== undefined) await visible.review(input.review_id);
    if (input.comment_id !== undefined) await visible.comment(input.comment_id);
  }

  /**
   * A review's star moves its title's rating, which the catalog keeps with the title's facts:
   * they are forgotten once the review's transaction has committed (not inside it, where a
   * concurrent reader could keep the old rating again). Other processes see it within the
   * catalog's TTL.
   */
  async function rated<R>(touched: { titleId: number | null }, sent: Promise<R>): Promise<R> {
    try {
      return await sent;
    } finally {
      if (touched.titleId !== null) forgetTitleFacts(db, touched.titleId);
    }
  }

  app.post(
    '/review_title/add_review',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: AddReviewInput, response: { 200: ReviewResult } } },
    async (request, reply) => {
      const touched = { titleId: null as number | null };
      return rated(
        touched,
        mutate(request, reply, 'review_title', request.body, async (trx, userId, input) => {
          touched.titleId = input.title_id;
          return { result: await reviews.addReview(trx, userId, input, now()) };
        }),
      );
    },
  );
  app.post(
    '/review/mod_review',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: ModReviewInput, response: { 200: ReviewResult } } },
    async (request, reply) => {
      const touched = { titleId: null as number | null };
      return rated(
        touched,
        mutate(request, reply, 'review', request.body, async (trx, userId, input) => {
          touched.titleId = input.title_id;
          return { result: await reviews.modReview(trx, userId, input, now()) };
        }),
      );
    },
  );
  app.post(
    '/review/del_review',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: DelReviewInput, response: { 200: DelReviewResult } } },
    async (request, reply) => {
      const touched = { titleId: null as number | null };
      return rated(
        touched,
        mutate(request, reply, 'review', request.body, async (trx, userId, input) => {
          const result = await reviews.delReview(trx, userId, input.review_id, input.undo_flg, now());
          touched.titleId = result.titleId;
          return result;
        }),
      );
    },
  );
  app.post(
    '/review/add_comment',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: AddCommentInput, response: { 200: CommentResult } } },
    async (request, reply) =>
      mutate(request, reply, 'review', request.body, async (trx, userId, input) => ({
        result: await reviews.addComment(trx, userId, input, now()),
      })),
  );
  app.post(
    '/review/mod_comment',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: ModCommentInput, response: { 200: CommentResult } } },
    async (request, reply) =>
      mutate(request, reply, 'review', request.body, async (trx, userId, input) => ({
        result: await reviews.modComment(trx, userId, input.comment_id, input.body, now()),
      })),
  );
  app.post(
    '/review/del_comment',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: DelCommentInput, response: { 200: DelCommentResult } } },
    async (request, reply) =>
      mutate(request, reply, 'review', request.body, (trx, userId, input) =>
        reviews.delComment(trx, userId, input.comment_id, input.undo_flg, now()),
      ),
  );
  for (const [path, like] of [
    ['/review/add_like', true],
    ['/review/delete_like', false],
  ] as const) {
    app.post(
      path,
      { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: LikeInput, response: { 200: LikeResult } } },
      async (request, reply) =>
        mutate(request, reply, 'review_like', request.body, (trx, userId, input) =>
          reviews.setLike(trx, userId, input.review_id, like, now()),
        ),
    );
  }
  app.post(
    '/review/add_review_warning',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: ReviewWarningInput, response: { 200: WarningResult } } },
    async (request, reply) =>
      mutate(request, reply, 'review_warning', request.body, (trx, userId, input) =>
        reviews.report(trx, userId, { reviewId: input.review_id }, input.warning_code, now()),
      ),
  );
  app.post(
    '/review/add_review_comment_warning',
    { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: CommentWarningInput, response: { 200: WarningResult } } },
    async (request, reply) =>
      mutate(request, reply, 'review_warning', request.body, (trx, userId, input) =>
        reviews.report(trx, userId, { commentId: input.comment_id }, input.warning_code, now()),
      ),
  );

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
};
