import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Transaction } from 'kysely';
import type { z } from 'zod';
import type { Database } from '../../db/schema';
import { sendStored } from '../../http/stored-reply';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import { reviewVisibility } from './review-visibility';

/** A mutation's route options (§7 "Reviews"): the member first, its input in the query or the form, judged by `body`. */
export const mutationOptions = <B extends z.ZodTypeAny, R extends z.ZodTypeAny>({ body, response }: { body: B; response: R }) => ({
  preValidation: memberFirst,
  config: { queryOrBody: true },
  schema: { body, response: { 200: response } },
});

/** What the review routes share, made once when they are registered: the database, the clock and `mutate`. */
export function reviewRouteContext(app: FastifyInstance) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  /** Whatever the input names (title, review or comment) must be visible to this member (§6). */
  async function guard(request: FastifyRequest, input: { title_id?: number; review_id?: number; comment_id?: number }) {
    const visible = reviewVisibility(db, request);
    if (input.title_id !== undefined) await visible.title(input.title_id);
    if (input.review_id !== undefined) await visible.review(input.review_id);
    if (input.comment_id !== undefined) await visible.comment(input.comment_id);
  }

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

  return { db, now, mutate };
}

export type ReviewRouteContext = ReturnType<typeof reviewRouteContext>;
