import type { PaymentDecisionHandler } from './payment-provider';
import { orderKind } from './payments.repository';

/**
 * One provider, several kinds of payment: the decision goes to the handler of the order's kind
 * (MANGA_COIN coin packs, BOOK cart orders). An order of another kind is left as it is.
 */
export function decisionByOrderKind(handlers: Record<string, PaymentDecisionHandler>): PaymentDecisionHandler {
  return async (trx, decision) => {
    const kind = await orderKind(trx, decision.orderId);
    const handler = kind !== undefined ? handlers[kind] : undefined;
    if (handler) await handler(trx, decision);
  };
}
