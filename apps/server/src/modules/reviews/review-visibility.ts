import { listedEroticTypes } from '@hondana/domain/catalog/catalog';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/schema';
import { sessionUser } from '../accounts/session-plugin';
import * as repo from './reviews.repository';

/**
 * §6 for reviews: the reviews of an R18 title (and its comments, likes and reports) exist only
 * for a member who has confirmed their age; for anyone else the title is 404, as in the catalog.
 * A title or review that does not exist is left to the use case, which answers its own 404.
 */
export function reviewVisibility(db: Db, request: FastifyRequest) {
  const allowed = async (titleId: number | undefined) => {
    if (titleId === undefined) return;
    const adult = (await sessionUser(request))?.adultState === 'ADULT';
    const eroticType = await repo.titleEroticType(db, titleId);
    if (eroticType !== undefined && !listedEroticTypes(adult).includes(eroticType)) throw notFound('title');
  };
  return {
    title: allowed,
    review: async (reviewId: number) => allowed(await repo.titleOfReview(db, reviewId)),
    comment: async (commentId: number) => allowed(await repo.titleOfComment(db, commentId)),
    book: async (bookId: number) => allowed(await repo.titleOfBook(db, bookId)),
  };
}
