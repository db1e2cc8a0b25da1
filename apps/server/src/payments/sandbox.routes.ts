import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PaymentDecisionHandler } from './payment-provider';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import {
  abandonedSandboxPayments,
  decidePendingSandboxPayment,
  dropUnusedSandboxCardTokens,
  findSandboxPayment,
  sandboxPaymentCreatedAt,
} from './payments.repository';

import { sandboxCopy } from './sandbox-copy';
import { confirmationPage, decidedPage } from './sandbox-page';

const RefPath = z.object({ ref: z.string().regex(/^sp_[\w-]{10,40}$/, 'must be a sandbox payment reference') });
/** The `result` the store's return URL gets for a decided sandbox payment (one left past its time limit is cancelled). */
const sandboxResults: Record<string, string> = {
  APPROVED: 'COMPLETE',
  EXPIRED: 'CANCEL',
  RESULT_ERROR: 'PURCHASE_RESULT_ERROR',
  CANCELLED: 'CANCEL',
};

/** A card the card fields took is kept this long for its first payment (the endpoint needs no login: nothing piles up). */
const SANDBOX_CARD_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/** How often the expiry job looks for confirmations left undecided past their time limit: a tenth of it, at most a minute. */
const expiryEveryMs = (ttlMs: number) => Math.min(60_000, Math.max(100, Math.floor(ttlMs / 10)));

/**
 * The sandbox provider's confirmation page (it stands for docomo's, PayPay's… pages): approve or
 * cancel, then back to the store's return URL with `order_id` and `result` (COMPLETE, or CANCEL,
 * also when it expired: undecided for the provider's `confirmationTtlMs`, ended then by the expiry job). `result_error` stands for a carrier whose purchase result comes
 * back failed after the member approved (result PURCHASE_RESULT_ERROR). A payment is decided once;
 * a second decision only sends the member back.
 */
export const sandboxRoutes: FastifyPluginAsync<{ onDecision: PaymentDecisionHandler; ttlMs: number }> = async (
  base,
  { onDecision, ttlMs },
) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;

  // A member who leaves the confirmation page (the back button, a closed tab) never decides: at
  // the time limit the sandbox decides for them, as a carrier does, and the order ends.
  app.ops.scheduler.register({
    name: 'sandbox-payment-expiry',
    everyMs: expiryEveryMs(ttlMs),
    run: ({ db: jobDb, now, signal }) => expireAbandonedSandboxPayments(jobDb, { now, ttlMs }, onDecision, signal),
  });

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
        const expired = pending !== undefined && pending.created_at <= now - ttlMs;
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

/**
 * Ends the confirmations left undecided past the time limit: each one EXPIRED and reported as not
 * approved (`expired`), in one transaction with the order's end. The PENDING → EXPIRED update is
 * conditional, so a member deciding at the same moment, or another process's run, decides it
 * first or not at all. Returns how many it ended. Card ids never paid with are dropped after a day.
 */
async function expireAbandonedSandboxPayments(
  db: Kysely<Database>,
  { now, ttlMs }: { now: number; ttlMs: number },
  onDecision: PaymentDecisionHandler,
  signal?: AbortSignal,
): Promise<number> {
  await dropUnusedSandboxCardTokens(db, now - SANDBOX_CARD_TOKEN_TTL_MS);
  let ended = 0;
  for (const { ref } of await abandonedSandboxPayments(db, now - ttlMs, 200)) {
    if (signal?.aborted) break;
    await db.transaction().execute(async (trx) => {
      if (!(await decidePendingSandboxPayment(trx, ref, 'EXPIRED', now))) return;
      const row = await findSandboxPayment(trx, ref);
      if (row) await onDecision(trx, { orderId: row.order_id, approved: false, expired: true, now });
      ended += 1;
    });
  }
  return ended;
}
