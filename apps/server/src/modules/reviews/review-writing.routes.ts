import {
  AddCommentInput,
  AddReviewInput,
  CommentResult,
  DelCommentInput,
  DelCommentResult,
  DelReviewInput,
  DelReviewResult,
  ModCommentInput,
  ModReviewInput,
  ReviewResult,
} from '@hondana/domain/reviews/reviews-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ReviewRouteContext, mutationOptions } from './review-route-context';
import * as reviews from './reviews.service';

/**
 * The catalog's part of a title's rating (`app.ts` passes it: the catalog's book detail shows
 * reviews' marks, so reviews do not import the catalog): `moveTitleRating` moves the title's
 * rating columns in the review's transaction, `forgetTitleFacts` forgets the title's kept facts,
 * which carry the rating.
 */
export interface TitleRating {
  moveTitleRating: reviews.MoveTitleRating;
  forgetTitleFacts: (db: Kysely<Database>, titleId: number) => void;
}

/** §7 writing reviews and their comments: add, change and delete (or undo a deletion), each with its one-time token. */
export function reviewWritingRoutes(
  base: FastifyInstance,
  { db, now, mutate }: ReviewRouteContext,
  { forgetTitleFacts, moveTitleRating }: TitleRating,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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

  app.post('/review_title/add_review', mutationOptions({ body: AddReviewInput, response: ReviewResult }), async (request, reply) => {
    const touched = { titleId: null as number | null };
    return rated(
      touched,
      mutate(request, reply, 'review_title', request.body, async (trx, userId, input) => {
        touched.titleId = input.title_id;
        return { result: await reviews.addReview(trx, userId, input, now(), moveTitleRating) };
      }),
    );
  });
  app.post('/review/mod_review', mutationOptions({ body: ModReviewInput, response: ReviewResult }), async (request, reply) => {
    const touched = { titleId: null as number | null };
    return rated(
      touched,
      mutate(request, reply, 'review', request.body, async (trx, userId, input) => {
        touched.titleId = input.title_id;
        return { result: await reviews.modReview(trx, userId, input, now(), moveTitleRating) };
      }),
    );
  });
  app.post('/review/del_review', mutationOptions({ body: DelReviewInput, response: DelReviewResult }), async (request, reply) => {
    const touched = { titleId: null as number | null };
    return rated(
      touched,
      mutate(request, reply, 'review', request.body, async (trx, userId, input) => {
        const result = await reviews.delReview(trx, userId, input.review_id, input.undo_flg, now(), moveTitleRating);
        touched.titleId = result.titleId;
        return result;
      }),
    );
  });
  app.post('/review/add_comment', mutationOptions({ body: AddCommentInput, response: CommentResult }), async (request, reply) =>
    mutate(request, reply, 'review', request.body, async (trx, userId, input) => ({
      result: await reviews.addComment(trx, userId, input, now()),
    })),
  );
  app.post('/review/mod_comment', mutationOptions({ body: ModCommentInput, response: CommentResult }), async (request, reply) =>
    mutate(request, reply, 'review', request.body, async (trx, userId, input) => ({
      result: await reviews.modComment(trx, userId, input.comment_id, input.body, now()),
    })),
  );
  app.post('/review/del_comment', mutationOptions({ body: DelCommentInput, response: DelCommentResult }), async (request, reply) =>
    mutate(request, reply, 'review', request.body, (trx, userId, input) =>
      reviews.delComment(trx, userId, input.comment_id, input.undo_flg, now()),
    ),
  );
}
