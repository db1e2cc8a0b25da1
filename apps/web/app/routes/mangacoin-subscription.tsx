import { type SubscriptionPaymentType, subscriptionPaymentTypes } from '@hondana/domain/subscriptions/subscription-plans';
import { useLocation } from 'react-router';
import { QueryProvider } from '../components/query-provider';
import { mySubscriptionsQueryOptions } from '../features/subscriptions/api/get-my-subscriptions';
import { subscriptionPlansQueryOptions } from '../features/subscriptions/api/get-subscription-plans';
import { SubscriptionPage } from '../features/subscriptions/components/subscription-page';
import { type Prefetch, prefetched } from '../lib/prefetch.server';
import { subscriptionCopy } from '../i18n/ja-subscriptions';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/mangacoin-subscription';

/** The plans are in the HTML the server sends (issue 40): the page hydrates from them. A member's own subscriptions load in the browser. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const paymentType = paymentTypeOf(url.searchParams.get('payment_type'));
  const plans = subscriptionPlansQueryOptions(paymentType);
  const queries: Prefetch[] = [{ queryKey: plans.queryKey, queryFn: () => context.subscriptions.plans(paymentType) }];
  // A guest has no subscription: the plans offer ログインして申し込む in the HTML already.
  if (context.viewer === null) queries.push({ queryKey: mySubscriptionsQueryOptions().queryKey, queryFn: async () => null });
  return { dehydrated: await prefetched(...queries) };
}

export const meta: Route.MetaFunction = () =>
  pageMeta({ title: subscriptionCopy('page.title'), description: subscriptionCopy('page.description') });

const isPaymentType = (v: string | null): v is SubscriptionPaymentType => (subscriptionPaymentTypes as readonly string[]).includes(v ?? '');
const paymentTypeOf = (v: string | null): SubscriptionPaymentType => (isPaymentType(v) ? v : 'creditcard');

/** `/mangacoin/subscription?ref=…` (§2): manga coin subscriptions, for the payment type of `?payment_type=`. */
export default function MangaCoinSubscription({ loaderData }: Route.ComponentProps) {
  const params = new URLSearchParams(useLocation().search);
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <SubscriptionPage paymentType={paymentTypeOf(params.get('payment_type'))} from={params.get('ref')} returned={params.get('result')} />
    </QueryProvider>
  );
}
