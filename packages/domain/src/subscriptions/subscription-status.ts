/** §4 subscription status (kept apart from the date rules so the web app can use it without a date library). */
export const SubscriptionStatus = { ENTRY: 'ENTRY', ACTIVE: 'ACTIVE', ERROR: 'ERROR', CANCEL: 'CANCEL' } as const;
export type SubscriptionStatus = (typeof SubscriptionStatus)[keyof typeof SubscriptionStatus];
export const subscriptionStatuses = Object.values(SubscriptionStatus);
