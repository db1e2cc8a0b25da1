import { SalesQuery, SalesReport, UnusedBalanceQuery, UnusedBalanceReport } from '@hondana/domain/admin/admin-api';
import { CoinPackSalesQuery, CoinPackSalesReport, TopTitlesQuery, TopTitlesReport } from '@hondana/domain/admin/admin-serials-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { sendCsv } from './csv-reply';
import * as reports from './reports.service';

/**
 * The console's reports (`/api/admin/reports/...`, operators only): sales, the unused balance on a
 * day, top titles and coin pack sales, each as JSON or, with `format=csv`, as a CSV download.
 */
export const adminReportRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/reports/sales', { schema: { querystring: SalesQuery, response: { 200: SalesReport } } }, async (request, reply) => {
    await requireStaff(request, 'everything');
    const { by, format } = request.query;
    const report = await reports.salesReport(db, request.query);
    if (format === 'csv') return sendCsv(reply, `sales-${by}-${request.query.from}-${request.query.to}.csv`, reports.salesCsv(report, by));
    return report;
  });
  app.get(
    '/admin/reports/unused_balance',
    { schema: { querystring: UnusedBalanceQuery, response: { 200: UnusedBalanceReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const report = await reports.unusedBalanceReport(db, request.query.date);
      if (request.query.format === 'csv')
        return sendCsv(reply, `unused-balance-${report.referenceDate}.csv`, reports.unusedBalanceCsv(report));
      return report;
    },
  );
  app.get(
    '/admin/reports/top_titles',
    { schema: { querystring: TopTitlesQuery, response: { 200: TopTitlesReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const { from, to } = request.query;
      const report = await reports.topTitlesReport(db, request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `top-titles-${from}-${to}.csv`, reports.topTitlesCsv(report));
      return report;
    },
  );
  app.get(
    '/admin/reports/coin_packs',
    { schema: { querystring: CoinPackSalesQuery, response: { 200: CoinPackSalesReport } } },
    async (request, reply) => {
      await requireStaff(request, 'everything');
      const { from, to } = request.query;
      const report = await reports.coinPackSalesReport(db, request.query);
      if (request.query.format === 'csv') return sendCsv(reply, `coin-packs-${from}-${to}.csv`, reports.coinPackSalesCsv(report));
      return report;
    },
  );
};
