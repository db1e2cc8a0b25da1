import {
  WishBulkDeleteBody,
  WishBulkDeleteQuery,
  WishBulkDeleteResponse,
  WishBulkDeleteWrapped,
  WishInput,
  WishListQuery,
  WishListResponse,
  WishResponse,
} from '@hondana/domain/notices/notices-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendStored } from '../../http/stored-reply';
import { adultAllowed } from '../accounts/adult-access';
import { memberFirst, requireUser } from '../accounts/session-plugin';
import { forgetTitleFacts } from '../catalog/title-facts';
import { reviewVisibility } from '../reviews/review-visibility';
import { withOneTimeToken } from '../tokens/one-time-tokens';
import type { NoticeRouteContext } from './notice-route-context';
import * as wishes from './wish-list.service';

/**
 * `DELETE /wish_title/titles`'s body: `{ titleIds }`, or the same wrapped as §5 names it
 * (`{ deleteWishTitleBody: { titleIds } }`); anything else is a 400 naming `deleteWishTitleBody`.
 */
const WishBulkDeleteInput = z.preprocess(
  (body) => (WishBulkDeleteBody.safeParse(body).success ? { deleteWishTitleBody: body } : body),
  WishBulkDeleteWrapped,
);

/** My list (§7 "Wish list"): wishing a title and taking it back, several at once, and the list. */
export function wishListRoutes(base: FastifyInstance, { db, now }: NoticeRouteContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
  for (const [path, wished] of [
    ['/wish_title/add', true],
    ['/wish_title/delete', false],
  ] as const) {
    app.post(
      path,
      { preValidation: memberFirst, config: { queryOrBody: true }, schema: { body: WishInput, response: { 200: WishResponse } } },
      async (request, reply) => {
        const user = await requireUser(request);
        const { token, title_id, is_silent } = request.body;
        if (wished) await reviewVisibility(db, request).title(title_id);
        const use = { token, userId: user.userId, purpose: wished ? 'wish_add' : 'wish_delete', now: now(), request: { title_id } };
        const result = await withOneTimeToken<WishResponse>(db, use, async (trx) => ({
          body: {
            status: { code: 0 },
            result: { ...(await wishes.setWish(trx, user.userId, title_id, wished, now())), silent: is_silent },
          },
        }));
        forgetTitleFacts(db, title_id);
        return sendStored(reply, result);
      },
    );
  }

  app.delete(
    '/wish_title/titles',
    {
      preValidation: memberFirst,
      schema: { querystring: WishBulkDeleteQuery, body: WishBulkDeleteInput, response: { 200: WishBulkDeleteResponse } },
    },
    async (request, reply) => {
      const user = await requireUser(request);
      const { token } = request.query;
      const { titleIds } = request.body.deleteWishTitleBody;
      const use = { token, userId: user.userId, purpose: 'wish_delete', now: now(), request: { titleIds } };
      const result = await withOneTimeToken<WishBulkDeleteResponse>(db, use, async (trx) => ({
        body: { status: { code: 0 }, result: await wishes.deleteWishes(trx, user.userId, titleIds) },
      }));
      for (const id of titleIds) forgetTitleFacts(db, id);
      return sendStored(reply, result);
    },
  );

  app.get(
    '/wish_title/list',
    { preValidation: memberFirst, schema: { querystring: WishListQuery, response: { 200: WishListResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const { offset, limit, ac } = request.query;
      return wishes.listWishes(db, user.userId, offset, limit, now(), await adultAllowed(request, ac));
    },
  );
}
