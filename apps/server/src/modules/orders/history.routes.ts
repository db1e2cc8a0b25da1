import { notFound } from '@hondana/domain/common/errors';
import { BookPointCampaignsQuery, PaymentsQuery, RecentlyBoughtQuery, RecentlyBoughtV2Query, UserBooksQuery } from '@hondana/domain/orders/orders-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import * as history from './history.service';

/** §7 "Orders" history and entitlements, and "Point campaigns". */
export const historyRoutes: FastifyPluginAsync<{ rentalPayments: history.RentalPayments }> = async (base, { rentalPayments }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/order/payments', { schema: { querystring: PaymentsQuery } }, async (request) => {
    const user = await requireUser(request);
    return history.payments(db, user.userId, request.query, rentalPayments);
  });

  app.get('/user/recently_bought/v3', { schema: { querystring: RecentlyBoughtQuery } }, async (request) => {
    const user = await requireUser(request);
    const bought = await history.recentlyBought(db, user.userId, request.query.transactionId);
    if (!bought) throw notFound('order');
    return bought;
  });

  app.get('/user/recently_bought/v2', { schema: { querystring: RecentlyBoughtV2Query } }, async (request) => {
    const user = await requireUser(request);
    const bought = await history.recentlyBoughtByToken(db, user.userId, request.query.purchaseToken);
    if (!bought) throw notFound('order');
    return bought;
  });

  for (const path of ['/user_books/me/by_book', '/user_books/me/by_book/v2']) {
    app.get(path, { schema: { querystring: UserBooksQuery } }, async (request) => {
      const user = await sessionUser(request);
      return history.userBooks(db, user?.userId ?? null, request.query.book_id, now());
    });
  }

  app.get('/point_campaign/basic', async () => {
    const basic = await history.basicCampaign(db, now());
    if (!basic) throw notFound('campaign');
    return basic;
  });

  app.get('/book_point_campaigns/by_book', { schema: { querystring: BookPointCampaignsQuery } }, async (request) => {
    const user = await sessionUser(request);
    const summary = await history.bookPointCampaigns(db, user?.userId ?? null, request.query.book_id, now());
    if (!summary) throw notFound('book');
    return summary;
  });
};
