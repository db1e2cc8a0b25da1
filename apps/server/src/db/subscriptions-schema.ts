import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of manga coin subscriptions, created by migration 2026-11-25T0700-subscriptions.
 * Instants are epoch milliseconds; amounts integers; flags 0/1.
 */
type Millis = number;

/** §3 Subscription plan: coins every cycle and its bonuses, sold with some payment types. */
export interface MangaCoinSubscriptionPlansTable {
  id: Generated<number>;
  name: string;
  coin: number;
  tax_included_price: number;
  first_bonus: number;
  second_bonus: number;
  cycle_bonus: number;
  /** none, popular or bargain (§9 highlight). */
  highlight_type: string;
  /** Comma-separated SubscriptionPaymentTypes (creditcard, docomo, softbank). */
  payment_types: string;
  sort_order: number;
  /** 0 once the plan is closed to new members (its members still renew on it). */
  active: 0 | 1;
  /** Bumped by every console edit (a stale one is a 409); migration 2026-12-06T1620. */
  version: Generated<number>;
  /** New members may subscribe from here (0: from the start). */
  start_at: Generated<Millis>;
  /** Closed to new members from here; null while open. */
  end_at: Millis | null;
}

/**
 * §3 User subscription. The plan's terms are copied in when the member subscribes: renewals
 * charge what was agreed. A member holds at most one live subscription (`closed_at` null), by a
 * partial unique index.
 */
export interface UserMangaCoinSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  plan_id: number;
  payment_type: string;
  /** §4 ENTRY, ACTIVE, ERROR, CANCEL. */
  status: string;
  /** The provider's kept card (card subscriptions). */
  card_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  coin: number;
  tax_included_price: number;
  first_bonus: number;
  second_bonus: number;
  cycle_bonus: number;
  payment_count: number;
  first_bonus_flg: 0 | 1;
  second_bonus_flg: 0 | 1;
  /** The first payment: renewals fall whole calendar months after it. */
  anchor_at: Millis | null;
  /** When the next cycle is due (the paid month's end once cancelled). */
  renewal_at: Millis | null;
  /** When the renewal job next charges it (the renewal, or a retry); null when nothing is due. */
  next_attempt_at: Millis | null;
  /** Declined tries of the cycle now due. */
  retry_count: number;
  failure_code: string | null;
  created_at: Millis;
  updated_at: Millis;
  cancelled_at: Millis | null;
  /** Set when the subscription no longer renews (cancelled, or its first payment failed). */
  closed_at: Millis | null;
}

/**
 * One billing cycle of a subscription, unique per (subscription_id, cycle): the key that keeps
 * two renewal runs from charging one cycle twice. A declined cycle is tried again on this row.
 */
export interface MangaCoinSubscriptionCyclesTable {
  id: Generated<number>;
  subscription_id: number;
  cycle: number;
  /** PENDING (charging or awaiting the carrier), PAID, DECLINED. */
  status: string;
  attempts: number;
  /** The order of the latest try (kind MANGA_COIN_SUBSCRIPTION). */
  order_id: number | null;
  tax_included_price: number;
  coin: number;
  first_bonus: number;
  second_bonus: number;
  cycle_bonus: number;
  failure_code: string | null;
  paid_at: Millis | null;
  created_at: Millis;
  updated_at: Millis;
}

/**
 * The sandbox provider's kept cards (a real provider keeps them on its side): what the sandbox
 * needs to decide a later charge, never the card number.
 */
export interface SandboxCardsTable {
  card_id: string;
  user_id: number;
  brand: string;
  last4: string;
  /** MM/YY. */
  expiry: string;
  /** How the sandbox answers a charge: SUCCESS, DECLINED or LIMIT_EXCEEDED (from the test card). */
  behaviour: string;
  created_at: Millis;
}

/** A card the sandbox's card fields took (`POST /sandbox/cards`) that no member has paid with yet. */
export type SandboxCardTokensTable = Omit<SandboxCardsTable, 'user_id'>;

export interface SubscriptionTables {
  manga_coin_subscription_plans: MangaCoinSubscriptionPlansTable;
  user_manga_coin_subscriptions: UserMangaCoinSubscriptionsTable;
  manga_coin_subscription_cycles: MangaCoinSubscriptionCyclesTable;
  sandbox_cards: SandboxCardsTable;
  sandbox_card_tokens: SandboxCardTokensTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const subscriptionTableOwners = {
  manga_coin_subscription_plans: 'admin',
  user_manga_coin_subscriptions: 'wallet',
  manga_coin_subscription_cycles: 'wallet',
  sandbox_cards: 'payments',
  sandbox_card_tokens: 'payments',
} as const satisfies TableOwners<SubscriptionTables>;
