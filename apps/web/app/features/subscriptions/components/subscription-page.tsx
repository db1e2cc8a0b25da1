import { formatAmount } from '@hondana/domain/common/format';
import { type SubscriptionPaymentType, subscriptionPaymentTypes } from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscriptionPlan } from '@hondana/domain/subscriptions/subscriptions-api';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { Tabs } from '../../../components/tabs';
import { subscriptionCopy } from '../../../i18n/ja-subscriptions';
import { loginHref } from '../../../lib/api/client';
import { useGoodValueAppeal } from '../api/get-good-value-appeal';
import { useMySubscription } from '../api/get-my-subscription';
import { useMySubscriptions } from '../api/get-my-subscriptions';
import { useSubscriptionPlans } from '../api/get-subscription-plans';
import { getPaymentConfig } from '../../../lib/api/payment-config';
import { currentSubscription, isLive, memberBonusFlags } from '../current-subscription';
import { CurrentSubscriptionPanel } from './current-subscription-panel';
import { CycleHistory } from './cycle-history';
import { PlanList } from './plan-list';
import { SubscribeDialog } from './subscribe-dialog';
import styles from './subscriptions.module.css';

type SubscriptionPageProps = {
  paymentType: SubscriptionPaymentType;
  /** Where the member came from (`?ref=`), kept on the page's links. */
  from: string | null;
  /** `?result=` when a carrier's confirmation page sent the member back. */
  returned: string | null;
};

const pageHref = (type: SubscriptionPaymentType, from: string | null) => {
  const query = new URLSearchParams({
    ...(type === 'creditcard' ? {} : { payment_type: type }),
    ...(from ? { ref: from } : {}),
  }).toString();
  return `/mangacoin/subscription${query ? `?${query}` : ''}`;
};

type Notice = { kind: 'subscribed'; coin: number; bonus: number } | { kind: 'cancelled' } | null;

/**
 * `/mangacoin/subscription`: plans of the chosen payment type with the bonus percentage and the
 * good-value appeal, the member's plan with its next renewal and cancel, the history of its
 * cycles, and subscribing in a dialog. Everything loads in the browser (TanStack Query).
 */
export function SubscriptionPage({ paymentType, from, returned }: SubscriptionPageProps) {
  const plans = useSubscriptionPlans(paymentType);
  const appeal = useGoodValueAppeal(paymentType);
  const mine = useMySubscriptions();
  const [selected, setSelected] = useState<SubscriptionPlan | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const guest = mine.isSuccess && mine.data === null;
  // "Now" is when the list was fetched: a cancelled month that ended since shows until the next fetch.
  const current = currentSubscription(mine.data, mine.dataUpdatedAt);
  const detail = useMySubscription(current?.id ?? null);
  const here = pageHref(paymentType, from);
  // The store's payment provider: Stripe's Payment Element takes the card, and only the methods it offers are tabs.
  const payment = useQuery({ queryKey: ['payment-config'], queryFn: getPaymentConfig, staleTime: Infinity });
  const offered = subscriptionPaymentTypes.filter((t) => t === paymentType || !payment.data || payment.data.methods.includes(t));

  const queryClient = useQueryClient();
  const onSubscribed = (granted: { coin: number; bonus: number }) => {
    // Started after the subscribe call settled (Stripe: 3-D Secure, then its webhook): the member's subscriptions again.
    void queryClient.invalidateQueries({ queryKey: ['subscriptions'] });
    setSelected(null);
    setNotice({ kind: 'subscribed', coin: granted.coin, bonus: granted.bonus });
    window.scrollTo({ top: 0 });
  };

  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{subscriptionCopy('page.heading')}</h1>
      <p className={styles.lead}>{subscriptionCopy('page.lead')}</p>
      <ReturnedNotice returned={notice ? null : returned} active={current?.status === 'ACTIVE'} loading={mine.isPending} />
      {notice?.kind === 'subscribed' && (
        <p role="status" className={styles.success}>
          {subscriptionCopy('result.subscribed', { coin: formatAmount(notice.coin), bonus: formatAmount(notice.bonus) })}
          <Link to="/wallet/manga_coin">{subscriptionCopy('result.toWallet')}</Link>
        </p>
      )}
      {notice?.kind === 'cancelled' && (
        <p role="status" className={styles.success}>
          {subscriptionCopy('current.cancelled')}
        </p>
      )}
      {current && <CurrentSubscriptionPanel subscription={current} onCancelled={() => setNotice({ kind: 'cancelled' })} />}
      <Tabs
        label={subscriptionCopy('page.paymentTypes')}
        tabs={offered.map((t) => ({ key: t, label: coinPaymentMethodLabels[t], href: pageHref(t, from), current: t === paymentType }))}
      />
      {appeal.data?.plan && (
        <div className={styles.appeal} data-testid="good-value-appeal">
          <strong>{subscriptionCopy('appeal.heading')}</strong>
          <span>
            {subscriptionCopy('appeal.body', {
              name: appeal.data.plan.name,
              coin: formatAmount(appeal.data.plan.coin),
              bonus: formatAmount(appeal.data.plan.cycleBonus),
              percent: appeal.data.plan.bonusPercentage,
            })}
          </span>
          {appeal.data.essentiallyFreeFlg && <span className={styles.appealFree}>{subscriptionCopy('appeal.essentiallyFree')}</span>}
        </div>
      )}
      <h2 className={styles.subheading}>{subscriptionCopy('page.plans')}</h2>
      {plans.isPending ? (
        <p className={styles.loading} aria-busy="true" aria-label={subscriptionCopy('page.loading')} />
      ) : plans.isError ? (
        <p role="alert" className={styles.error}>
          {subscriptionCopy('page.failed')}
        </p>
      ) : (
        <PlanList
          plans={plans.data.plans}
          loginTo={guest ? loginHref(here) : null}
          currentPlanId={isLive(current) ? current!.planId : null}
          busy={mine.isPending}
          onSubscribe={(plan) => (setNotice(null), setSelected(plan))}
        />
      )}
      {current && detail.data?.cycles && <CycleHistory cycles={detail.data.cycles} />}
      <footer className={styles.footer}>
        <p>{subscriptionCopy('page.notes')}</p>
        <nav className={styles.links}>
          <Link to="/mangacoin">{subscriptionCopy('page.toShop')}</Link>
          {!guest && <Link to="/wallet/manga_coin">{subscriptionCopy('page.wallet')}</Link>}
          <Link to="/law/payment_services">{subscriptionCopy('page.law')}</Link>
        </nav>
      </footer>
      {selected && (
        <SubscribeDialog
          key={`${selected.id}-${paymentType}`}
          plan={selected}
          flags={memberBonusFlags(mine.data)}
          returnUrl={here}
          payment={payment.isError ? null : payment.data}
          onClose={() => setSelected(null)}
          onSubscribed={onSubscribed}
        />
      )}
    </div>
  );
}

/** What became of a carrier's confirmation: told from the server's answer, the URL's `result` only says which message to wait for. */
function ReturnedNotice({ returned, active, loading }: { returned: string | null; active: boolean; loading: boolean }) {
  if (returned === null) return null;
  if (returned === 'COMPLETE') {
    if (loading || !active)
      return (
        <p className={styles.notice} role="status">
          {subscriptionCopy('result.carrierPending')}
        </p>
      );
    return (
      <p role="status" className={styles.success}>
        {subscriptionCopy('result.carrierSubscribed')}
        <Link to="/wallet/manga_coin">{subscriptionCopy('result.toWallet')}</Link>
      </p>
    );
  }
  if (returned === 'CANCEL')
    return (
      <p role="alert" className={styles.notice}>
        {subscriptionCopy('result.carrierCancelled')}
      </p>
    );
  return (
    <p role="alert" className={styles.error}>
      {subscriptionCopy('result.carrierFailed')}
    </p>
  );
}
