import { formatAmount } from '@hondana/domain/common/format';
import { type BonusFlags, cycleGrant } from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscribeResult, SubscriptionPlan } from '@hondana/domain/subscriptions/subscriptions-api';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { type FormEvent, useState } from 'react';
import { subscriptionCopy as s, subscriptionErrorCopy } from '../../../i18n/ja-subscriptions';
import { ApiError } from '../../../lib/api/client';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { useSubscribe } from '../api/subscribe';
import { PaymentCardFields, SandboxNote, cardFromForm, takeCard } from '../../../components/payment-card/payment-card';
import styles from './subscriptions.module.css';

export type SubscribeDialogProps = {
  plan: SubscriptionPlan;
  /** The member's bonus flags: what this first cycle grants depends on them. */
  flags: BonusFlags;
  /** Where the carrier's confirmation page sends the member back to. */
  returnUrl: string;
  onClose: () => void;
  onSubscribed: (result: Extract<SubscribeResult, { status: 'ACTIVE' }>) => void;
};

/**
 * Subscribes to a plan: a card form for card plans (charged at once), or a button that goes to
 * the carrier's confirmation page. A modal on desktop and a bottom sheet on phones (the store's
 * responsive dialog). A refusal says why; nothing is granted unless the server says ACTIVE.
 */
export function SubscribeDialog({ plan, flags, returnUrl, onClose, onSubscribed }: SubscribeDialogProps) {
  const mutation = useSubscribe();
  const [error, setError] = useState<string | null>(null);
  /** The card is with the provider's card endpoint (before the subscribe call). */
  const [takingCard, setTakingCard] = useState(false);
  const card = plan.paymentType === 'creditcard';
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
      if (plan.paymentType === 'creditcard') {
        // The card goes to the provider's card endpoint; the store keeps the card by its id.
        setTakingCard(true);
        const { cardId } = await takeCard(cardFromForm(form)).finally(() => setTakingCard(false));
        result = await mutation.mutateAsync({ planId: plan.id, paymentType: 'creditcard', body: { ...shown, cardId } });
      } else result = await mutation.mutateAsync({ planId: plan.id, paymentType: plan.paymentType, body: { ...shown, returnUrl } });
      if (result.status === 'ENTRY') window.location.assign(result.confirmUrl);
      else onSubscribed(result);
    } catch (e) {
      setError(e instanceof ApiError ? subscriptionErrorCopy(e.errorCode, e.messages) : subscriptionErrorCopy(null));
    }
  }

  const busy = mutation.isPending || takingCard;
  return (
    <ResponsiveDialog open onOpenChange={(open) => !open && !busy && onClose()} title={s('dialog.title')}>
      <form className={styles.dialogBody} onSubmit={submit} data-testid="subscribe-dialog">
        <div className={styles.summary}>
          <strong>{s('dialog.summary', { name: plan.name, coin: formatAmount(plan.coin) })}</strong>
          <span>{s('dialog.price', { price })}</span>
          <span>{s('dialog.firstGrant', { coin: formatAmount(first.coin), bonus: formatAmount(first.bonus) })}</span>
        </div>
        <p className={styles.note}>{s('dialog.renewNote', { price })}</p>
        {card ? <PaymentCardFields /> : <p>{s('dialog.carrierNote', { method })}</p>}
        {error && (
          <p role="alert" className={styles.error}>
            {s('dialog.failed', { reason: error })}
          </p>
        )}
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={onClose} disabled={busy}>
            {s('dialog.cancel')}
          </button>
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy ? s('dialog.processing') : card ? s('dialog.pay', { price }) : s('dialog.payCarrier', { method, price })}
          </button>
        </div>
        {card && <SandboxNote />}
      </form>
    </ResponsiveDialog>
  );
}
