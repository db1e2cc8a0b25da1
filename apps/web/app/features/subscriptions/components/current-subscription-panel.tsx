import { formatAmount } from '@hondana/domain/common/format';
import type { UserSubscription } from '@hondana/domain/subscriptions/subscriptions-api';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { useState } from 'react';
import { subscriptionCopy, subscriptionErrorCopy } from '../../../i18n/ja-subscriptions';
import { ApiError } from '../../../lib/api/client';
import { ResponsiveDialog } from '../../../components/responsive-dialog';
import { useCancelSubscription } from '../api/cancel-subscription';
import { formatTokyoDate, formatTokyoDeadline } from '@hondana/domain/common/tokyo-format';
import styles from './subscriptions.module.css';

const statusClass = { ENTRY: styles.statusEntry, ACTIVE: '', ERROR: styles.statusError, CANCEL: styles.statusCancel } as const;

type CurrentSubscriptionPanelProps = {
  subscription: UserSubscription;
  onCancelled: () => void;
};

/** The member's plan: status, next renewal (or retry, or the end of a cancelled one), how it is paid, and cancel. */
export function CurrentSubscriptionPanel({ subscription: sub, onCancelled }: CurrentSubscriptionPanelProps) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = useCancelSubscription();
  const method = coinPaymentMethodLabels[sub.paymentType];

  async function confirm() {
    setError(null);
    try {
      await cancel.mutateAsync(sub.planId);
      setConfirming(false);
      onCancelled();
    } catch (e) {
      setError(e instanceof ApiError ? subscriptionErrorCopy(e.errorCode, e.messages) : subscriptionErrorCopy(null));
    }
  }

  return (
    <section className={styles.current} aria-labelledby="current-subscription" data-testid="current-subscription">
      <h2 id="current-subscription" className={styles.subheading}>
        {subscriptionCopy('current.heading')}
      </h2>
      <p className={styles.currentTitle}>
        <strong>{sub.plan.name}</strong>
        <span className={`${styles.status} ${statusClass[sub.status]}`}>{subscriptionCopy(`current.status.${sub.status}`)}</span>
      </p>
      <dl className={styles.facts}>
        {sub.renewalDatetime !== null && sub.status !== 'CANCEL' && (
          <>
            <dt>{subscriptionCopy('current.renewal')}</dt>
            <dd data-testid="renewal-date">{formatTokyoDate(sub.renewalDatetime)}</dd>
          </>
        )}
        {sub.status === 'CANCEL' && sub.endDatetime !== null && (
          <>
            <dt>{subscriptionCopy('current.endedLabel')}</dt>
            <dd data-testid="end-date">
              {subscriptionCopy('current.ended', { date: formatTokyoDeadline(sub.endDatetime, 'long') ?? '' })}
            </dd>
          </>
        )}
        <dt>{subscriptionCopy('current.method')}</dt>
        <dd>{sub.card ? subscriptionCopy('current.card', { method, brand: sub.card.brand, last4: sub.card.last4 }) : method}</dd>
        <dt>{subscriptionCopy('current.paymentCount')}</dt>
        <dd>{subscriptionCopy('current.count', { count: formatAmount(sub.paymentCount) })}</dd>
      </dl>
      {sub.status === 'ERROR' && sub.retryDatetime !== null && (
        <p className={styles.notice}>{subscriptionCopy('current.retry', { date: formatTokyoDate(sub.retryDatetime) })}</p>
      )}
      {sub.status === 'ENTRY' && <p className={styles.notice}>{subscriptionCopy('current.entry', { method })}</p>}
      {sub.status === 'CANCEL' && <p className={styles.note}>{subscriptionCopy('current.coinsStay')}</p>}
      {sub.status !== 'CANCEL' && (
        <button type="button" className={styles.secondary} onClick={() => setConfirming(true)}>
          {subscriptionCopy('current.cancel')}
        </button>
      )}
      {confirming && (
        <ResponsiveDialog
          open
          onOpenChange={(open) => !open && !cancel.isPending && setConfirming(false)}
          title={subscriptionCopy('current.confirmTitle')}
        >
          <div className={styles.dialogBody}>
            <p>{subscriptionCopy('current.confirmBody')}</p>
            {error && (
              <p role="alert" className={styles.error}>
                {error}
              </p>
            )}
            <div className={styles.actions}>
              <button type="button" className={styles.secondary} onClick={() => setConfirming(false)} disabled={cancel.isPending}>
                {subscriptionCopy('current.keep')}
              </button>
              <button type="button" className={styles.primary} onClick={() => void confirm()} disabled={cancel.isPending}>
                {subscriptionCopy('current.confirm')}
              </button>
            </div>
          </div>
        </ResponsiveDialog>
      )}
    </section>
  );
}
