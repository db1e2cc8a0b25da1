import { CommentWarningInput, LikeInput, LikeResult, ReviewWarningInput, WarningResult } from '@hondana/domain/reviews/reviews-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type ReviewRouteContext, mutationOptions } from './review-route-context';
import * as reviews from './reviews.service';

/** §7 reactions to others' reviews: likes, and reports of a review or a comment, each with its one-time token. */
export function reviewReactionRoutes(base: FastifyInstance, { now, mutate }: ReviewRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  for (const [path, like] of [
    ['/review/add_like', true],
    ['/review/delete_like', false],
  ] as const) {
    app.post(path, mutationOptions({ body: LikeInput, response: LikeResult }), async (request, reply) =>
      mutate(request, reply, 'review_like', request.body, (trx, userId, input) =>
        reviews.setLike(trx, userId, input.review_id, like, now()),
      ),
    );
  }
  app.post('/review/add_review_warning', mutationOptions({ body: ReviewWarningInput, response: WarningResult }), async (request, reply) =>
    mutate(request, reply, 'review_warning', request.body, (trx, userId, input) =>
      reviews.report(trx, userId, { reviewId: input.review_id }, input.warning_code, now()),
    ),
  );
  app.post(
    '/review/add_review_comment_warning',
    mutationOptions({ body: CommentWarningInput, response: WarningResult }),
    async (request, reply) =>
      mutate(request, reply, 'review_warning', request.body, (trx, userId, input) =>
        reviews.report(trx, userId, { commentId: input.comment_id }, input.warning_code, now()),
      ),
  );
}
