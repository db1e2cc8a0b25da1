import { formatAmount } from '@hondana/domain/common/format';
import type { SubscriptionPlan } from '@hondana/domain/subscriptions/subscriptions-api';
import { subscriptionCopy } from '../../../i18n/ja-subscriptions';
import styles from './subscriptions.module.css';

type PlanListProps = {
  plans: SubscriptionPlan[];
  /** A guest's way to log in first; null for a member. */
  loginTo: string | null;
  /** The plan of the member's live subscription (and that a new one cannot start), or null. */
  currentPlanId: number | null;
  busy: boolean;
  onSubscribe: (plan: SubscriptionPlan) => void;
};

const highlightClass = { popular: styles.badgePopular, bargain: styles.badgeBargain } as const;

/** The plans of a payment type: coins, the §5 bonus percentage, first and second bonuses, price and the button. */
export function PlanList({ plans, loginTo, currentPlanId, busy, onSubscribe }: PlanListProps) {
  if (plans.length === 0) return <p className={styles.note}>{subscriptionCopy('page.empty')}</p>;
  return (
    <ul className={styles.plans}>
      {plans.map((plan) => {
        const price = formatAmount(plan.taxIncludedPrice);
        return (
          <li
            key={plan.id}
            className={plan.goodValueFlg ? `${styles.plan} ${styles.planGood}` : styles.plan}
            data-testid={`subscription-plan-${plan.id}`}
          >
            <div className={styles.badges}>
              {plan.goodValueFlg && <span className={styles.badgeGood}>{subscriptionCopy('plan.goodValue')}</span>}
              {plan.highlightType !== 'none' && (
                <span className={highlightClass[plan.highlightType]}>{subscriptionCopy(`plan.${plan.highlightType}`)}</span>
              )}
            </div>
            <h3 className={styles.planName}>{plan.name}</h3>
            <p className={styles.planCoin}>{subscriptionCopy('plan.coin', { coin: formatAmount(plan.coin) })}</p>
            <ul className={styles.bonuses}>
              {plan.cycleBonus > 0 && (
                <li>{subscriptionCopy('plan.cycleBonus', { bonus: formatAmount(plan.cycleBonus), percent: plan.bonusPercentage })}</li>
              )}
              {plan.firstBonus > 0 && <li>{subscriptionCopy('plan.firstBonus', { bonus: formatAmount(plan.firstBonus) })}</li>}
              {plan.secondBonus > 0 && <li>{subscriptionCopy('plan.secondBonus', { bonus: formatAmount(plan.secondBonus) })}</li>}
            </ul>
            <p className={styles.planPrice}>{subscriptionCopy('plan.perMonth', { price })}</p>
            {loginTo !== null ? (
              <a className={styles.secondary} href={loginTo}>
                {subscriptionCopy('plan.loginToSubscribe')}
              </a>
            ) : currentPlanId !== null ? (
              <button type="button" className={styles.primary} disabled>
                {currentPlanId === plan.id ? subscriptionCopy('plan.current') : subscriptionCopy('plan.busy')}
              </button>
            ) : (
              <button type="button" className={styles.primary} disabled={busy} onClick={() => onSubscribe(plan)}>
                {subscriptionCopy('plan.subscribe', { price })}
              </button>
            )}
          </li>
        );
      })}
    </ul>
  );
}
