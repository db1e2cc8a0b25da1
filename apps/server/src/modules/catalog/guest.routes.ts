import {
  GuestBooks,
  GuestBooksQuery,
  GuestTotalPriceQuery,
  GuestTotalPricesQuery,
  TitleTotalPrice,
  TitleTotalPrices,
} from '@hondana/domain/catalog/books-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adultAllowed } from '../accounts/adult-access';
import * as guest from './guest.service';

/** Guest listings (§6, §7 "Guest"): the same adult rule as every catalog call. */
export const guestRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/guest/books', { schema: { querystring: GuestBooksQuery, response: { 200: GuestBooks } } }, async (request) =>
    guest.getGuestBooks(db, {
      bookIds: request.query.book_id,
      includeAdult: await adultAllowed(request, request.query.ac),
      now: now(),
    }),
  );

  app.get(
    '/guest/titles/total_price',
    { schema: { querystring: GuestTotalPriceQuery, response: { 200: TitleTotalPrice } } },
    async (request) => {
      const [total] = await guest.getTitleTotalPrices(db, {
        titleIds: [request.query.title_id],
        limitPerTitle: request.query.limit_per_title,
        includeAdult: await adultAllowed(request, request.query.ac),
        now: now(),
      });
      if (!total) throw notFound('title');
      return total;
    },
  );

  app.get(
    '/guest/titles/total_prices',
    { schema: { querystring: GuestTotalPricesQuery, response: { 200: TitleTotalPrices } } },
    async (request) => {
      const totals = await guest.getTitleTotalPrices(db, {
        titleIds: request.query.title_id,
        limitPerTitle: request.query.limit_per_title,
        includeAdult: await adultAllowed(request, request.query.ac),
        now: now(),
      });
      return { totalPrices: totals };
    },
  );
};
