import { formatAmount } from '@hondana/domain/common/format';
import { type SubscriptionPaymentType, subscriptionPaymentTypes } from '@hondana/domain/subscriptions/subscription-plans';
import { subscriptionTeaserMode } from '@hondana/domain/subscriptions/subscription-teaser';
import { QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';
import { QueryProvider } from '../../../components/query-provider';
import { subscriptionCopy } from '../../../i18n/ja-subscriptions';
import { useGoodValueAppeal } from '../api/get-good-value-appeal';
import styles from './teaser.module.css';

type SubscriptionTeaserProps = {
  /** Where it shows, passed on as `ref` to the subscription page. */
  from: 'mangacoin' | 'wallet' | 'coin_appeal';
  /** The coin shop's payment type; a type with no subscription falls back to card. */
  paymentType?: string;
};

const subscriptionType = (type: string | undefined): SubscriptionPaymentType =>
  (subscriptionPaymentTypes as readonly string[]).includes(type ?? '') ? (type as SubscriptionPaymentType) : 'creditcard';

/** The §4 subscription teaser: manga coin (member), guest, or nothing; it keeps its space while it loads. */
export function SubscriptionTeaser(props: SubscriptionTeaserProps) {
  // Works inside a page that has TanStack Query already, and in one that has not.
  const client = useContext(QueryClientContext);
  if (client) return <Teaser {...props} />;
  return (
    <QueryProvider>
      <Teaser {...props} />
    </QueryProvider>
  );
}

function Teaser({ from, paymentType }: SubscriptionTeaserProps) {
  const type = subscriptionType(paymentType);
  const appeal = useGoodValueAppeal(type);
  const mode = subscriptionTeaserMode({
    request: appeal.isPending ? 'pending' : appeal.isError ? 'failed' : 'done',
    appeal: appeal.data ?? null,
  });
  if (mode === 'none') return null;
  if (mode === 'placeholder' || !appeal.data?.plan) return <div className={styles.placeholder} aria-hidden="true" />;
  const { plan, essentiallyFreeFlg } = appeal.data;
  const vars = { coin: formatAmount(plan.coin), bonus: formatAmount(plan.cycleBonus), percent: plan.bonusPercentage };
  const query = new URLSearchParams({ ref: from, ...(type === 'creditcard' ? {} : { payment_type: type }) });
  return (
    <aside className={styles.teaser} data-testid="subscription-teaser" data-mode={mode} aria-label={subscriptionCopy('teaser.label')}>
      <span className={styles.label}>{subscriptionCopy('teaser.label')}</span>
      <span className={styles.text}>
        {mode === 'guest' ? subscriptionCopy('teaser.guest', vars) : subscriptionCopy('teaser.mangaCoin', vars)}
        {essentiallyFreeFlg && <strong className={styles.free}> {subscriptionCopy('teaser.essentiallyFree')}</strong>}
      </span>
      <a className={styles.link} href={`/mangacoin/subscription?${query}`}>
        {subscriptionCopy('teaser.link')}
      </a>
    </aside>
  );
}
