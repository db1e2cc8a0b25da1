import {
  CancelOrderAnswer,
  CancelOrderBody,
  GrantAnswer,
  GrantBody,
  IdParams,
  MemberDetail,
  MemberList,
  OrderParams,
  RetryRefundAnswer,
  RetryRefundBody,
  SearchQuery,
  SuspendAnswer,
  SuspendBody,
} from '@hondana/domain/admin/admin-api';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendStored } from '../../http/stored-reply';
import type { PaymentProvider } from '../../payments/payment-provider';
import { sendRefund } from '../orders/refund-order.service';
import { requireStaff } from './admin-guard';
import { sendStaffChange, staffChange } from './admin-mutation';
import * as members from './members.service';

/** Money actions need the second factor given in the last ten minutes. */
const fresh = { secondFactor: 'fresh' as const };

/**
 * The console's members (`/api/admin/members`): support finds and reads them, grants coins and
 * points, cancels an order and retries its refund; operators suspend. A paid order's money goes
 * back through `provider` after the cancellation's transaction, never inside it.
 */
export const adminMemberRoutes: FastifyPluginAsync<{ provider: PaymentProvider }> = async (base, { provider }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/members', { schema: { querystring: SearchQuery, response: { 200: MemberList } } }, async (request) => {
    await requireStaff(request, 'members');
    return { members: await members.findMembers(db, request.query.q) };
  });
  app.get('/admin/members/:id', { schema: { params: IdParams, response: { 200: MemberDetail } } }, async (request) => {
    await requireStaff(request, 'members');
    return members.memberDetail(db, request.params.id, now());
  });
  app.post(
    '/admin/members/:id/grant',
    { config: fresh, schema: { params: IdParams, body: GrantBody, response: { 200: GrantAnswer } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, { capability: 'members', token, request: { id, ...input }, retry: true }, (trx, at) =>
        members.grantToMember(trx, id, input, at),
      );
    },
  );
  app.post(
    '/admin/members/:id/orders/:orderId/cancel',
    { config: fresh, schema: { params: OrderParams, body: CancelOrderBody, response: { 200: CancelOrderAnswer } } },
    async (request, reply) => {
      const { token, reason, refundYen } = request.body;
      const { id, orderId } = request.params;
      const use = { capability: 'members' as const, token, request: { id, orderId, reason, refundYen }, retry: true };
      const result = await staffChange(request, use, (trx, at) => members.cancelMemberOrder(trx, id, orderId, { reason, refundYen }, at));
      // A paid order's money goes back after the cancellation's transaction (never inside it), once.
      if (result.status !== 200 || !result.body.refund) return sendStored(reply, result);
      const refund = await sendRefund(db, provider, orderId, { again: false, now: now() });
      return { ...result.body, refund };
    },
  );
  app.post(
    '/admin/members/:id/orders/:orderId/refund',
    { config: fresh, schema: { params: OrderParams, body: RetryRefundBody, response: { 200: RetryRefundAnswer } } },
    async (request, reply) => {
      const { token, reason } = request.body;
      const { id, orderId } = request.params;
      const use = { capability: 'members' as const, token, request: { id, orderId, reason } };
      const result = await staffChange(request, use, (trx, at) => members.retryMemberRefund(trx, id, orderId, reason, at));
      if (result.status !== 200) return sendStored(reply, result);
      const refund = await sendRefund(db, provider, orderId, { again: true, now: now() });
      return { orderId, refund: refund ?? result.body.refund };
    },
  );
  app.post(
    '/admin/members/:id/suspend',
    { schema: { params: IdParams, body: SuspendBody, response: { 200: SuspendAnswer } } },
    async (request, reply) => {
      const { token, ...input } = request.body;
      const id = request.params.id;
      return sendStaffChange(request, reply, { capability: 'everything', token, request: { id, ...input } }, (trx, at) =>
        members.suspendMember(trx, id, input, at),
      );
    },
  );
};
