import type { SubscriptionPaymentType } from '@hondana/domain/subscriptions/subscription-plans';
import type { SubscriptionPlansResponse } from '@hondana/domain/subscriptions/subscriptions-api';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { plans } from './subscriptions/subscription.service';

/** The manga coin subscription page: its plans are the same for every viewer. */
export interface SubscriptionsPageContext {
  plans(paymentType: SubscriptionPaymentType): Promise<SubscriptionPlansResponse>;
}

export const subscriptionsContext = (db: Kysely<Database>, now: number): SubscriptionsPageContext => ({
  plans: (paymentType) => plans(db, paymentType, now),
});
