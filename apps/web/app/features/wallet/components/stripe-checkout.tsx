import { formatAmount } from '@hondana/domain/common/format';
import type { CoinPaymentConfig, CoinPurchaseAnswer, KonbiniVoucher } from '@hondana/domain/wallet/wallet-api';
import { type FormEvent, useState } from 'react';
import type { StripeMethodType, StripePay } from '../../../components/stripe-payment/stripe-payment';
import StripePaymentElement from '../../../components/stripe-payment/stripe-payment-element';
import { paymentErrorCopy, walletCopy } from '../../../i18n/ja-wallet';
import { ApiError } from '../../../lib/api/client';
import { purchaseCoinsWithStripe, settledCoinPurchase } from '../api/purchase-coins';
import type { CheckoutProps } from './checkout';
import { KonbiniVoucherView } from './konbini-voucher';
import { outcomeOf } from './purchase-result';
import styles from './wallet.module.css';

/** Stripe's payment method type of each coin shop method Stripe takes. */
const STRIPE_TYPES: Partial<Record<CheckoutProps['paymentType'], StripeMethodType>> = {
  creditcard: 'card',
  konbini: 'konbini',
  paypay: 'paypay',
};

type Props = CheckoutProps & { stripe: NonNullable<CoinPaymentConfig['stripe']> };

type Phase = { kind: 'form' } | { kind: 'busy' } | { kind: 'confirming' } | { kind: 'voucher'; voucher: KonbiniVoucher };

/**
 * The coin shop's checkout with PAYMENT_PROVIDER=stripe (issue 39): Stripe.js's Payment Element
 * (the shared `StripePaymentElement`, deferred intent). The page gets a PaymentMethod `pm_…` from
 * it and sends only its id to the store (`cardId`), which creates the PaymentIntent. Then: the
 * coins at once; 3-D Secure by `handleNextAction` and the order's state once Stripe's webhook
 * settled it; PayPay's page; or a konbini voucher, paid later.
 */
export default function StripeCheckout({ item, paymentType, returnUrl, onCompleted, onCancel, onWaiting, stripe }: Props) {
  const [pay, setPay] = useState<StripePay | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [error, setError] = useState<string | null>(null);
  const price = formatAmount(item.taxIncludedPrice);

  if (phase.kind === 'voucher') return <KonbiniVoucherView voucher={phase.voucher} item={item} onClose={onWaiting ?? onCancel} />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!pay) return;
    setError(null);
    setPhase({ kind: 'busy' });
    try {
      const made = await pay.paymentMethod();
      if ('error' in made)
        return fail(walletCopy('checkout.stripeInvalid', { reason: made.error ?? walletCopy('checkout.stripeIncomplete') }));
      await follow(pay, await purchaseCoinsWithStripe({ itemId: item.id, paymentType, returnUrl, cardId: made.id }));
    } catch (e) {
      fail(walletCopy('checkout.failed', { reason: paymentErrorCopy(e instanceof ApiError ? e.errorCode : null) }));
    }
  }

  function fail(message: string) {
    setError(message);
    setPhase({ kind: 'form' });
  }

  async function follow(pay: StripePay, answer: CoinPurchaseAnswer) {
    if (answer.status === 'COMPLETE') return onCompleted(answer);
    if (answer.status === 'VOUCHER') return setPhase({ kind: 'voucher', voucher: answer.voucher });
    if (answer.status === 'PROCESSING') return window.location.assign(answer.confirmUrl);
    if (answer.status === 'REQUIRES_ACTION') {
      // PayPay: its page, then Stripe sends the member back to the coin shop with the order.
      if (answer.redirectUrl) return window.location.assign(answer.redirectUrl);
      setPhase({ kind: 'confirming' });
      if (!(await pay.nextAction(answer.clientSecret))) return fail(walletCopy('checkout.authFailed'));
    }
    // The coins come with Stripe's webhook: wait for the order to be settled.
    setPhase({ kind: 'confirming' });
    const outcome = outcomeOf(await settledCoinPurchase(answer.orderId));
    if (outcome.status === 'COMPLETE') return onCompleted(outcome);
    if (outcome.status === 'PROCESSING') return fail(walletCopy('checkout.pending'));
    if (outcome.status === 'CANCEL')
      return fail(walletCopy(outcome.failureCode === 'PAYMENT_EXPIRED' ? 'checkout.expired' : 'checkout.cancelled'));
    fail(walletCopy('checkout.failed', { reason: paymentErrorCopy(outcome.failureCode ?? outcome.status) }));
  }

  const busy = phase.kind !== 'form';
  const label =
    phase.kind === 'confirming'
      ? walletCopy('checkout.confirming')
      : busy
        ? walletCopy('checkout.processing')
        : paymentType === 'konbini'
          ? walletCopy('checkout.payKonbini', { price })
          : paymentType === 'paypay'
            ? walletCopy('checkout.payPaypay', { price })
            : walletCopy('checkout.pay', { price });
  return (
    <section className={styles.checkout} aria-labelledby="checkout-heading">
      <h2 id="checkout-heading" className={styles.checkoutHeading}>
        {walletCopy('checkout.heading', { coin: formatAmount(item.coin), price })}
      </h2>
      <form onSubmit={submit} className={styles.checkoutForm} aria-busy={busy}>
        <StripePaymentElement
          config={stripe}
          amount={item.taxIncludedPrice}
          methodType={STRIPE_TYPES[paymentType] ?? 'card'}
          onPay={setPay}
        />
        {paymentType === 'konbini' && <p className={styles.checkoutNote}>{walletCopy('checkout.konbiniNote')}</p>}
        {paymentType === 'paypay' && <p className={styles.checkoutNote}>{walletCopy('checkout.paypayNote')}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {phase.kind === 'confirming' && (
          <p role="status" className={styles.notice}>
            {walletCopy('checkout.confirming')}
          </p>
        )}
        <div className={styles.checkoutActions}>
          <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
            {walletCopy('checkout.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy || !pay}>
            {label}
          </button>
        </div>
      </form>
    </section>
  );
}
