/**
 * Manga coin subscription plans (§3 Subscription plan, Good-value appeal; §5 coin bonus
 * percentage). Pure and free of date libraries, so the web app's pages can use them too.
 */

/** How a plan is paid: by card at once, or monthly on the docomo or SoftBank bill (§7 paths). */
export const SubscriptionPaymentType = { creditcard: 'creditcard', docomo: 'docomo', softbank: 'softbank' } as const;
export type SubscriptionPaymentType = (typeof SubscriptionPaymentType)[keyof typeof SubscriptionPaymentType];
export const subscriptionPaymentTypes = Object.values(SubscriptionPaymentType);

/** §9 highlight of a plan (the coin shop's none, popular, bargain). */
export const PlanHighlight = { none: 'none', popular: 'popular', bargain: 'bargain' } as const;
export type PlanHighlight = (typeof PlanHighlight)[keyof typeof PlanHighlight];

/** What a plan gives: coins every cycle, a bonus on the member's first and second cycles, a bonus every cycle. */
export interface PlanTerms {
  coin: number;
  taxIncludedPrice: number;
  firstBonus: number;
  secondBonus: number;
  cycleBonus: number;
}

/** §3 firstBonusFlg and secondBonusFlg: the member's first and second paid cycles have been granted. */
export interface BonusFlags {
  firstBonusFlg: boolean;
  secondBonusFlg: boolean;
}

export interface CycleGrant {
  /** Paid coins of the cycle. */
  coin: number;
  firstBonus: number;
  secondBonus: number;
  cycleBonus: number;
  /** All bonus coins of the cycle. */
  bonus: number;
  /** The flags once this cycle is paid. */
  flags: BonusFlags;
}

/**
 * What one paid cycle grants: the plan's coins and its bonus every cycle; the first bonus on the
 * member's first paid cycle, the second bonus on their second. Each is granted once, whatever the
 * number of cycles, because the flags say which have been.
 */
export function cycleGrant(terms: PlanTerms, flags: BonusFlags): CycleGrant {
  const firstBonus = flags.firstBonusFlg ? 0 : terms.firstBonus;
  const secondBonus = flags.firstBonusFlg && !flags.secondBonusFlg ? terms.secondBonus : 0;
  return {
    coin: terms.coin,
    firstBonus,
    secondBonus,
    cycleBonus: terms.cycleBonus,
    bonus: firstBonus + secondBonus + terms.cycleBonus,
    flags: { firstBonusFlg: true, secondBonusFlg: flags.secondBonusFlg || flags.firstBonusFlg },
  };
}

/**
 * §5: the coin bonus percentage is floor(cycleBonus / coin × 100), in integers (so that 29 of
 * 100 is 29 %, not the 28 a floating-point 0.29 × 100 would give).
 */
export function bonusPercentage(cycleBonus: number, coin: number): number {
  if (!Number.isInteger(cycleBonus) || !Number.isInteger(coin) || coin <= 0 || cycleBonus <= 0) return 0;
  return Math.floor((cycleBonus * 100) / coin);
}

/**
 * The good-value plan of a payment type: the highest bonus percentage, then more coins, then the
 * first listed. Null when no plan has a bonus every cycle (nothing to appeal with).
 */
export function goodValuePlan<T extends PlanTerms>(plans: readonly T[]): T | null {
  let best: T | null = null;
  for (const plan of plans) {
    if (plan.cycleBonus <= 0) continue;
    if (best === null) {
      best = plan;
      continue;
    }
    const a = bonusPercentage(plan.cycleBonus, plan.coin);
    const b = bonusPercentage(best.cycleBonus, best.coin);
    if (a > b || (a === b && plan.coin > best.coin)) best = plan;
  }
  return best;
}

/**
 * 実質無料: the bonus coins of the member's first cycle are worth at least what the cycle costs
 * (1 manga coin is 1 yen), so the coins paid for come free. Only while the first bonus is still to come.
 */
export function essentiallyFree(plan: PlanTerms, firstBonusReceived: boolean): boolean {
  if (firstBonusReceived || plan.taxIncludedPrice <= 0) return false;
  return plan.firstBonus + plan.cycleBonus >= plan.taxIncludedPrice;
}
