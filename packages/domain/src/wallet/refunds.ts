import { paymentTypeOfMethod } from './wallet-payments';

/**
 * How much money an operator's cancellation of a paid order gives back (issue 39).
 *
 * A book order paid by card or carrier gives back what was paid: the books are taken back whole.
 * A coin pack (or a subscription cycle) gives back the yen of its paid coins still unspent, in
 * proportion (rounded down to the yen), and its unspent coins — paid and bonus — are taken back
 * in the ledger: coins already spent bought books the member keeps, so their yen stays paid, as
 * with a store's refund of an unused balance. An order whose paid coins were all spent has no
 * money left to give back: its cancellation is refused (the operator can still adjust by hand).
 * An order that took the money but never granted its coins (GRANT_ERROR) gives it all back.
 */
interface RefundBasis {
  /** Yen the provider took for the order. */
  paidYen: number;
  /** Paid coins the order granted (0 for a book order, or a coin order whose coins were never granted). */
  paidCoins: number;
  /** Those paid coins still in the member's lots, unexpired. */
  paidCoinsLeft: number;
}

export function refundYen({ paidYen, paidCoins, paidCoinsLeft }: RefundBasis): number {
  if (paidYen <= 0) return 0;
  if (paidCoins <= 0) return paidYen;
  const left = Math.min(Math.max(paidCoinsLeft, 0), paidCoins);
  return Math.floor((paidYen * left) / paidCoins);
}

const PROVIDER_TYPES = new Set<string>(Object.values(paymentTypeOfMethod));

/** The payment types whose money a provider took (card, carrier, wallet), and so gives back; not coins, points or free. */
export const isProviderPaymentType = (paymentType: string): boolean => PROVIDER_TYPES.has(paymentType);
