import { formatAmount } from '@hondana/domain/common/format';
import type { CoinPaymentConfig, CoinPurchaseResult, MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { type CoinPaymentMethod, coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { type FormEvent, Suspense, lazy, useState } from 'react';
import { PaymentCardFields, SandboxNote, cardFromForm, takeCard } from '../../../components/payment-card/payment-card';
import { paymentErrorCopy, walletCopy } from '../../../i18n/ja-wallet';
import { ApiError } from '../../../lib/api/client';
import { purchaseCoins } from '../api/purchase-coins';
import styles from './wallet.module.css';

export type CheckoutProps = {
  item: MangaCoinItem;
  paymentType: CoinPaymentMethod;
  /** The store's payment provider: Stripe's checkout (Stripe.js) replaces the sandbox's card form. */
  payment: CoinPaymentConfig;
  /** Where the carrier's confirmation page sends the member back to. */
  returnUrl: string;
  onCompleted: (result: Pick<Extract<CoinPurchaseResult, { status: 'COMPLETE' }>, 'coin' | 'bonus' | 'bonusPoint'>) => void;
  onCancel: () => void;
  /** A payment left to be made later (a konbini voucher) once the member closes it; `onCancel` if not given. */
  onWaiting?: () => void;
};

/** Stripe.js and its Payment Element: a chunk of its own, loaded only when the store takes payments through Stripe. */
const StripeCheckout = lazy(() => import('./stripe-checkout'));

/**
 * Pays for one coin pack: a card form for `creditcard` (sandbox test cards listed), otherwise a
 * button that goes to the provider's confirmation page. A refusal shows its reason; nothing is
 * granted unless the server says COMPLETE.
 */
export function Checkout(props: CheckoutProps) {
  const { payment, item } = props;
  if (payment.provider === 'stripe' && payment.stripe) {
    return (
      <Suspense
        fallback={
          <section className={styles.checkout} aria-busy="true">
            <h2 className={styles.checkoutHeading}>
              {walletCopy('checkout.heading', { coin: formatAmount(item.coin), price: formatAmount(item.taxIncludedPrice) })}
            </h2>
            <p>{walletCopy('checkout.stripeLoading')}</p>
          </section>
        }
      >
        <StripeCheckout {...props} stripe={payment.stripe} />
      </Suspense>
    );
  }
  return <SandboxCheckout {...props} />;
}

/** The sandbox's checkout: its card fields (the card goes to the sandbox's endpoint) or its confirmation page. */
function SandboxCheckout({ item, paymentType, returnUrl, onCompleted, onCancel }: CheckoutProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const card = paymentType === 'creditcard';
  const price = formatAmount(item.taxIncludedPrice);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      // The card goes to the provider's card fields' endpoint; the store gets its id only.
      const cardId = card ? (await takeCard(cardFromForm(form))).cardId : undefined;
      const result = await purchaseCoins({ itemId: item.id, paymentType, returnUrl, cardId });
      if (result.status === 'PROCESSING') {
        window.location.assign(result.confirmUrl);
        return;
      }
      onCompleted(result);
    } catch (e) {
      setError(paymentErrorCopy(e instanceof ApiError ? e.errorCode : null));
    }
    setBusy(false);
  }

  return (
    <section className={styles.checkout} aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" className={styles.checkoutHeading}>
        {walletCopy('checkout.heading', { coin: formatAmount(item.coin), price })}
      </h2>
      <form onSubmit={submit} className={styles.checkoutForm}>
        {card ? <PaymentCardFields /> : <p>{walletCopy('checkout.carrierNote', { method: coinPaymentMethodLabels[paymentType] })}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {walletCopy('checkout.failed', { reason: error })}
          </p>
        )}
        <div className={styles.checkoutActions}>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            {walletCopy('checkout.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy}>
            {busy
              ? walletCopy('checkout.processing')
              : card
                ? walletCopy('checkout.pay', { price })
                : walletCopy('checkout.payCarrier', { method: coinPaymentMethodLabels[paymentType] })}
          </button>
        </div>
      </form>
      {card && <SandboxNote />}
    </section>
  );
}
