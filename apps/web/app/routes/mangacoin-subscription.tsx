import { type SubscriptionPaymentType, subscriptionPaymentTypes } from '@hondana/domain/subscriptions/subscription-plans';
import { useLocation } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { SubscriptionPage } from '../features/subscriptions/components/subscription-page';
import { subscriptionCopy as s } from '../i18n/ja-subscriptions';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/mangacoin-subscription';

export const meta: Route.MetaFunction = () => pageMeta({ title: s('page.title'), description: s('page.description') });

const isPaymentType = (v: string | null): v is SubscriptionPaymentType => (subscriptionPaymentTypes as readonly string[]).includes(v ?? '');

/** `/mangacoin/subscription?ref=…` (§2): manga coin subscriptions, for the payment type of `?payment_type=`. */
export default function MangaCoinSubscription() {
  const params = new URLSearchParams(useLocation().search);
  const type = params.get('payment_type');
  return (
    <QueryProvider>
      <SubscriptionPage paymentType={isPaymentType(type) ? type : 'creditcard'} from={params.get('ref')} returned={params.get('result')} />
    </QueryProvider>
  );
}
