import { AdminCoupon, CouponEnabledBody, CouponList, CreateCouponBody, CreatedCoupon, IdParams } from '@hondana/domain/admin/admin-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireStaff } from './admin-guard';
import { sendStaffChange } from './admin-mutation';
import * as commerce from './admin-commerce.service';

/** The console's coupons (`/api/admin/coupons`, operators only): list, create, switch on and off. */
export const adminCouponRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/admin/coupons', { schema: { response: { 200: CouponList } } }, async (request) => {
    await requireStaff(request, 'everything');
    return { coupons: await commerce.listCoupons(db) };
  });
  app.post('/admin/coupons', { schema: { body: CreateCouponBody, response: { 200: CreatedCoupon } } }, async (request, reply) => {
    const { token, ...input } = request.body;
    return sendStaffChange(request, reply, { capability: 'everything', token, request: input }, (trx, at) =>
      commerce.createCoupon(trx, request.body, at),
    );
  });
  app.post(
    '/admin/coupons/:id/enabled',
    { schema: { params: IdParams, body: CouponEnabledBody, response: { 200: AdminCoupon } } },
    async (request, reply) => {
      const { token, enabled } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, { capability: 'everything', token, request: { id, enabled } }, (trx) =>
        commerce.setCouponEnabled(trx, id, enabled),
      );
    },
  );
};
