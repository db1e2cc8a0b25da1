import { listedEroticTypes } from '@hondana/domain/catalog';
import { notFound } from '@hondana/domain/errors';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { sessionUser } from '../accounts/session-plugin';

type Db = Kysely<Database>;

/**
 * §6 for reviews: the reviews of an R18 title (and its comments, likes and reports) exist only
 * for a member who has confirmed their age; for anyone else the title is 404, as in the catalog.
 * A title or review that does not exist is left to the use case, which answers its own 404.
 */
export function reviewVisibility(db: Db, request: FastifyRequest) {
  const allowed = async (titleId: number | undefined) => {
    if (titleId === undefined) return;
    const adult = (await sessionUser(request))?.adultState === 'ADULT';
    const title = await db.selectFrom('titles').select('erotic_type').where('id', '=', titleId).executeTakeFirst();
    if (title && !listedEroticTypes(adult).includes(title.erotic_type)) throw notFound('title');
  };
  return {
    title: allowed,
    async review(reviewId: number) {
      const row = await db.selectFrom('reviews').select('title_id').where('id', '=', reviewId).executeTakeFirst();
      await allowed(row?.title_id);
    },
    async comment(commentId: number) {
      const row = await db
        .selectFrom('review_comments as c')
        .innerJoin('reviews as r', 'r.id', 'c.review_id')
        .select('r.title_id')
        .where('c.id', '=', commentId)
        .executeTakeFirst();
      await allowed(row?.title_id);
    },
    async book(bookId: number) {
      const row = await db.selectFrom('books').select('title_id').where('id', '=', bookId).executeTakeFirst();
      await allowed(row?.title_id);
    },
  };
}
