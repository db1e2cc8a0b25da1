import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentDecisionHandler } from './payment-provider';
import { decidePendingSandboxPayment, findSandboxPayment, sandboxPaymentCreatedAt } from './payments.repository';
import { sandboxCopy } from './sandbox-copy';
import { confirmationPage, decidedPage } from './sandbox-page';

const RefPath = z.object({ ref: z.string().regex(/^sp_[\w-]{10,40}$/, 'must be a sandbox payment reference') });
/** The `result` the store's return URL gets for a decided sandbox payment. */
const sandboxResults: Record<string, string> = { APPROVED: 'COMPLETE', EXPIRED: 'PAYMENT_ERROR', RESULT_ERROR: 'PURCHASE_RESULT_ERROR', CANCELLED: 'CANCEL' };

/** A payment not decided within 30 minutes expires: approving it then cancels it instead. */
export const SANDBOX_PAYMENT_TTL_MS = 30 * 60 * 1000;

/**
 * The sandbox provider's confirmation page (it stands for docomo's, PayPay's… pages): approve or
 * cancel, then back to the store's return URL with `order_id` and `result` (COMPLETE, CANCEL, or
 * PAYMENT_ERROR when it expired). `result_error` stands for a carrier whose purchase result comes
 * back failed after the member approved (result PURCHASE_RESULT_ERROR). A payment is decided once;
 * a second decision only sends the member back.
 */
export const sandboxRoutes: FastifyPluginAsync<{ onDecision: PaymentDecisionHandler }> = async (base, { onDecision }) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  app.get('/sandbox/payments/:ref', { schema: { params: RefPath } }, async (request, reply) => {
    const payment = await findSandboxPayment(db, request.params.ref);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment) return reply.code(404).send(decidedPage(null, sandboxCopy.notFound));
    if (payment.status !== 'PENDING') return decidedPage(payment.return_url, sandboxCopy.alreadyDecided);
    return confirmationPage({ ref: payment.ref, method: payment.method, amountYen: payment.amount_yen });
  });

  for (const action of ['approve', 'cancel', 'result_error'] as const) {
    app.post(`/sandbox/payments/:ref/${action}`, { schema: { params: RefPath } }, async (request, reply) => {
      const now = app.deps.clock().getTime();
      const payment = await db.transaction().execute(async (trx) => {
        const pending = await sandboxPaymentCreatedAt(trx, request.params.ref);
        const expired = pending !== undefined && pending.created_at <= now - SANDBOX_PAYMENT_TTL_MS;
        const approved = action === 'approve' && !expired;
        const resultError = action === 'result_error' && !expired;
        const status = approved ? 'APPROVED' : expired ? 'EXPIRED' : resultError ? 'RESULT_ERROR' : 'CANCELLED';
        const decided = await decidePendingSandboxPayment(trx, request.params.ref, status, now);
        const row = await findSandboxPayment(trx, request.params.ref);
        if (row && decided) await onDecision(trx, { orderId: row.order_id, approved, expired, resultError, now });
        return row;
      });
      if (!payment) return reply.code(404).type('text/html; charset=utf-8').send(decidedPage(null, sandboxCopy.notFound));
      const result = sandboxResults[payment.status] ?? 'CANCEL';
      const separator = payment.return_url.includes('?') ? '&' : '?';
      return reply.redirect(`${payment.return_url}${separator}order_id=${payment.order_id}&result=${result}`, 303);
    });
  }
};
