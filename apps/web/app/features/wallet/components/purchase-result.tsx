import { formatAmount } from '@hondana/domain/common/format';
import { formatTokyoDateTime, formatTokyoTime } from '@hondana/domain/common/tokyo-format';
import type { CoinPurchaseStatus, UnsettledCoinPurchase } from '@hondana/domain/wallet/wallet-api';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { paymentErrorCopy, walletCopy } from '../../../i18n/ja-wallet';
import { VoucherDetails } from './konbini-voucher';
import styles from './wallet.module.css';

export type PurchaseOutcome =
  | { status: 'COMPLETE'; coin: number; bonus: number; bonusPoint: number }
  | { status: 'CANCEL' | 'PAYMENT_ERROR' | 'PURCHASE_RESULT_ERROR' | 'GRANT_ERROR' | 'PROCESSING' | 'UNKNOWN'; failureCode: string | null };

/** What an order reported by `/manga_coin/purchases/:order_id` means for the member. */
export function outcomeOf(order: CoinPurchaseStatus): PurchaseOutcome {
  if (order.status === 'COMPLETE' || order.status === 'DELIVERED') {
    return { status: 'COMPLETE', coin: order.coin, bonus: order.bonus, bonusPoint: order.bonusPoint };
  }
  if (
    order.status === 'CANCEL' ||
    order.status === 'PAYMENT_ERROR' ||
    order.status === 'PURCHASE_RESULT_ERROR' ||
    order.status === 'GRANT_ERROR' ||
    order.status === 'PROCESSING'
  ) {
    return { status: order.status, failureCode: order.failureCode };
  }
  return { status: 'UNKNOWN', failureCode: order.failureCode };
}

/** The banner after a coin purchase: granted, cancelled, failed with its reason, or pending. */
export function PurchaseResult({ outcome }: { outcome: PurchaseOutcome }) {
  if (outcome.status === 'COMPLETE') {
    return (
      <div role="status" className={styles.success}>
        <p>{walletCopy('checkout.completed', { coin: formatAmount(outcome.coin) })}</p>
        {(outcome.bonus > 0 || outcome.bonusPoint > 0) && (
          <p>{walletCopy('checkout.completedBonus', { bonus: formatAmount(outcome.bonus), point: formatAmount(outcome.bonusPoint) })}</p>
        )}
      </div>
    );
  }
  if (outcome.status === 'PROCESSING') {
    return (
      <p role="status" className={styles.notice}>
        {walletCopy('checkout.pending')}
      </p>
    );
  }
  return (
    <p role="alert" className={styles.error}>
      {outcome.status === 'CANCEL'
        ? walletCopy(outcome.failureCode === 'PAYMENT_EXPIRED' ? 'checkout.expired' : 'checkout.cancelled')
        : walletCopy('checkout.failed', { reason: paymentErrorCopy(outcome.failureCode ?? outcome.status) })}
    </p>
  );
}

/**
 * A carrier payment the member left on the provider's confirmation page (the back button, a
 * closed tab), said when they come back to the shop: still waiting, and until when it may be
 * decided there; or cancelled at that time limit, nothing granted and nothing charged.
 */
export function UnsettledPayment({ unsettled }: { unsettled: UnsettledCoinPurchase }) {
  const { purchase, expiresAt } = unsettled;
  if (!purchase) return null;
  const facts = {
    method: coinPaymentMethodLabels[purchase.paymentType],
    coin: formatAmount(purchase.coin),
    price: formatAmount(purchase.taxIncludedPrice),
  };
  const konbini = purchase.paymentType === 'konbini';
  if (purchase.status === 'PROCESSING' && expiresAt !== null) {
    const waiting = (
      <p role="status" className={styles.notice} data-testid="unsettled-payment">
        {konbini
          ? walletCopy('unsettled.konbiniWaiting', { ...facts, time: formatTokyoDateTime(expiresAt) })
          : walletCopy('unsettled.waiting', { ...facts, time: formatTokyoTime(expiresAt) })}
      </p>
    );
    // A konbini payment's voucher again, for the member who closed it or comes back to pay.
    if (!unsettled.voucher) return waiting;
    return (
      <section aria-label={walletCopy('voucher.heading')} data-testid="unsettled-voucher">
        {waiting}
        <VoucherDetails voucher={unsettled.voucher} />
      </section>
    );
  }
  return (
    <p role="alert" className={styles.error} data-testid="unsettled-payment">
      {walletCopy(konbini ? 'unsettled.konbiniExpired' : 'unsettled.expired', facts)}
    </p>
  );
}
