import { notFound } from '@hondana/domain/common/errors';
import {
  BasicPointCampaignResponse,
  BookPointCampaignsQuery,
  PaymentsQuery,
  PaymentsResponse,
  RecentlyBoughtQuery,
  RecentlyBoughtResponse,
  RecentlyBoughtV2Query,
  UserBooksQuery,
  UserBooksResponse,
} from '@hondana/domain/orders/orders-api';
import { PointCampaignSummary } from '@hondana/domain/campaigns/point-campaigns-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireUser, sessionUser } from '../accounts/session-plugin';
import * as history from './history.service';

/** §7 "Orders" history and entitlements, and "Point campaigns". */
export const historyRoutes: FastifyPluginAsync<{ rentalPayments: history.RentalPayments }> = async (base, { rentalPayments }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/order/payments', { schema: { querystring: PaymentsQuery, response: { 200: PaymentsResponse } } }, async (request) => {
    const user = await requireUser(request);
    return history.payments(db, user.userId, request.query, rentalPayments);
  });

  app.get(
    '/user/recently_bought/v3',
    { schema: { querystring: RecentlyBoughtQuery, response: { 200: RecentlyBoughtResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const bought = await history.recentlyBought(db, user.userId, request.query.transactionId);
      if (!bought) throw notFound('order');
      return bought;
    },
  );

  app.get(
    '/user/recently_bought/v2',
    { schema: { querystring: RecentlyBoughtV2Query, response: { 200: RecentlyBoughtResponse } } },
    async (request) => {
      const user = await requireUser(request);
      const bought = await history.recentlyBoughtByToken(db, user.userId, request.query.purchaseToken);
      if (!bought) throw notFound('order');
      return bought;
    },
  );

  for (const path of ['/user_books/me/by_book', '/user_books/me/by_book/v2']) {
    app.get(path, { schema: { querystring: UserBooksQuery, response: { 200: UserBooksResponse } } }, async (request) => {
      const user = await sessionUser(request);
      return history.userBooks(db, user?.userId ?? null, request.query.book_id, now());
    });
  }

  app.get('/point_campaign/basic', { schema: { response: { 200: BasicPointCampaignResponse } } }, async () => {
    const basic = await history.basicCampaign(db, now());
    if (!basic) throw notFound('campaign');
    return basic;
  });

  app.get(
    '/book_point_campaigns/by_book',
    { schema: { querystring: BookPointCampaignsQuery, response: { 200: PointCampaignSummary } } },
    async (request) => {
      const user = await sessionUser(request);
      const summary = await history.bookPointCampaigns(db, user?.userId ?? null, request.query.book_id, now());
      if (!summary) throw notFound('book');
      return summary;
    },
  );
};
