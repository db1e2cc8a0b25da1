import { formatAmount } from '@hondana/domain/common/format';
import { type BonusFlags, cycleGrant } from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscribeResult, SubscriptionPlan } from '@hondana/domain/subscriptions/subscriptions-api';
import type { CoinPaymentConfig } from '@hondana/domain/wallet/wallet-api';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { type FormEvent, useState } from 'react';
import { subscriptionCopy, subscriptionErrorCopy } from '../../../i18n/ja-subscriptions';
import { ApiError } from '../../../lib/api/client';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { useSubscribe } from '../api/subscribe';
import { PaymentCardFields, SandboxNote, cardFromForm, takeCard } from '../../../components/payment-card/payment-card';
import { type StripePay, StripePayment } from '../../../components/stripe-payment/stripe-payment';
import { settledSubscription } from '../api/get-my-subscription';
import styles from './subscriptions.module.css';

type SubscribeDialogProps = {
  plan: SubscriptionPlan;
  /** The member's bonus flags: what this first cycle grants depends on them. */
  flags: BonusFlags;
  /** Where the carrier's confirmation page sends the member back to. */
  returnUrl: string;
  /** The store's payment provider: with Stripe the card is taken by its Payment Element; undefined while it loads, null if it could not. */
  payment: CoinPaymentConfig | null | undefined;
  onClose: () => void;
  /** The subscription is ACTIVE: what its first cycle granted. */
  onSubscribed: (granted: { coin: number; bonus: number }) => void;
};

/**
 * Subscribes to a plan: a card form for card plans (charged at once) — the sandbox's fields, or
 * with PAYMENT_PROVIDER=stripe Stripe.js's Payment Element, whose PaymentMethod id alone reaches
 * the store (which charges the first cycle on-session, keeping the card at Stripe for the renewals;
 * 3-D Secure, when the bank asks, in Stripe's frame); or a
 * button that goes to the carrier's confirmation page. A modal on desktop and a bottom sheet on phones (the store's
 * responsive dialog). A refusal says why; nothing is granted unless the server says ACTIVE.
 */
export function SubscribeDialog({ plan, flags, returnUrl, payment, onClose, onSubscribed }: SubscribeDialogProps) {
  const mutation = useSubscribe();
  const [error, setError] = useState<string | null>(null);
  /** The card is with the provider's card endpoint (before the subscribe call). */
  const [takingCard, setTakingCard] = useState(false);
  /** Stripe's Payment Element once ready; waiting for the first charge's outcome. */
  const [stripePay, setStripePay] = useState<StripePay | null>(null);
  const [confirming, setConfirming] = useState(false);
  const card = plan.paymentType === 'creditcard';
  const stripe = payment?.provider === 'stripe' ? payment.stripe : null;
  // The card form is the provider's: none until the provider is known.
  const cardForm = !card ? null : payment === undefined ? 'loading' : payment === null ? 'failed' : stripe ? 'stripe' : 'sandbox';
  const price = formatAmount(plan.taxIncludedPrice);
  const method = coinPaymentMethodLabels[plan.paymentType];
  const first = cycleGrant(plan, flags);
  const shown = { coin: plan.coin, firstBonus: plan.firstBonus, cycleBonus: plan.cycleBonus };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const form = new FormData(event.currentTarget);
    try {
      let result: SubscribeResult;
      if (cardForm === 'stripe') {
        // Stripe: the card goes to Stripe through its Payment Element; the store gets the PaymentMethod's id.
        if (!stripePay) return;
        setTakingCard(true);
        const made = await stripePay.paymentMethod().finally(() => setTakingCard(false));
        if ('error' in made)
          return setError(subscriptionCopy('dialog.stripeInvalid', { reason: made.error ?? subscriptionCopy('dialog.stripeIncomplete') }));
        result = await mutation.mutateAsync({ planId: plan.id, paymentType: 'creditcard', body: { ...shown, cardId: made.id } });
        if (result.status === 'ENTRY') {
          // The bank asks for 3-D Secure: Stripe.js shows its challenge (the first payment is on-session); then,
          // or with no answer from Stripe yet, the subscription as the store settles it (Stripe's webhook starts it).
          setConfirming(true);
          const { clientSecret } = result;
          const authenticated = clientSecret ? await stripePay.nextAction(clientSecret) : true;
          const settled = await settledSubscription(result.subscription.id).finally(() => setConfirming(false));
          if (!authenticated && settled.status !== 'ACTIVE') return setError(subscriptionCopy('dialog.authFailed'));
          if (settled.status === 'ACTIVE') return onSubscribed(first);
          if (settled.status === 'ENTRY') return setError(subscriptionCopy('dialog.pending'));
          return setError(
            subscriptionCopy('dialog.failed', { reason: subscriptionErrorCopy(settled.failureCode ?? 'SIMPLY_CREDIT_CARD_ERROR') }),
          );
        }
      } else if (plan.paymentType === 'creditcard') {
        // The card goes to the provider's card endpoint; the store keeps the card by its id.
        setTakingCard(true);
        const { cardId } = await takeCard(cardFromForm(form)).finally(() => setTakingCard(false));
        result = await mutation.mutateAsync({ planId: plan.id, paymentType: 'creditcard', body: { ...shown, cardId } });
      } else result = await mutation.mutateAsync({ planId: plan.id, paymentType: plan.paymentType, body: { ...shown, returnUrl } });
      if (result.status === 'ENTRY') window.location.assign(result.confirmUrl);
      else onSubscribed(result.granted);
    } catch (e) {
      setError(
        subscriptionCopy('dialog.failed', {
          reason: e instanceof ApiError ? subscriptionErrorCopy(e.errorCode, e.messages) : subscriptionErrorCopy(null),
        }),
      );
    }
  }

  const busy = mutation.isPending || takingCard || confirming;
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && !busy && onClose()} title={subscriptionCopy('dialog.title')}>
      <form className={styles.dialogBody} onSubmit={submit} data-testid="subscribe-dialog">
        <div className={styles.summary}>
          <strong>{subscriptionCopy('dialog.summary', { name: plan.name, coin: formatAmount(plan.coin) })}</strong>
          <span>{subscriptionCopy('dialog.price', { price })}</span>
          <span>{subscriptionCopy('dialog.firstGrant', { coin: formatAmount(first.coin), bonus: formatAmount(first.bonus) })}</span>
        </div>
        <p className={styles.note}>{subscriptionCopy('dialog.renewNote', { price })}</p>
        {cardForm === 'sandbox' && <PaymentCardFields />}
        {cardForm === 'stripe' && stripe && <StripePayment config={stripe} amount={plan.taxIncludedPrice} onPay={setStripePay} />}
        {cardForm === 'loading' && <p aria-busy="true">{subscriptionCopy('page.loading')}</p>}
        {cardForm === 'failed' && (
          <p role="alert" className={styles.error}>
            {subscriptionCopy('page.failed')}
          </p>
        )}
        {!card && <p>{subscriptionCopy('dialog.carrierNote', { method })}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {error}
          </p>
        )}
        {confirming && (
          <p role="status" className={styles.note}>
            {subscriptionCopy('dialog.confirming')}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={busy}>
            {subscriptionCopy('dialog.cancel')}
          </button>
          <button
            type="submit"
            className={styles.primary}
            disabled={busy || (card && cardForm !== 'sandbox' && !(cardForm === 'stripe' && stripePay))}
            aria-busy={busy}
          >
            {busy
              ? subscriptionCopy('dialog.processing')
              : card
                ? subscriptionCopy('dialog.pay', { price })
                : subscriptionCopy('dialog.payCarrier', { method, price })}
          </button>
        </div>
        {cardForm === 'sandbox' && <SandboxNote />}
      </form>
    </ResponsiveDialog>
  );
}
