import type { PaymentDecisionHandler } from './payment-provider';

/**
 * One provider, several kinds of payment: the decision goes to the handler of the order's kind
 * (MANGA_COIN coin packs, BOOK cart orders). An order of another kind is left as it is.
 */
export function decisionByOrderKind(handlers: Record<string, PaymentDecisionHandler>): PaymentDecisionHandler {
  return async (trx, decision) => {
    const order = await trx.selectFrom('orders').select('kind').where('id', '=', decision.orderId).executeTakeFirst();
    const handler = order ? handlers[order.kind] : undefined;
    if (handler) await handler(trx, decision);
  };
}
