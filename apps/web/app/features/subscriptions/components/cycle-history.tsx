import { formatAmount } from '@hondana/domain/common/format';
import type { SubscriptionCycle } from '@hondana/domain/subscriptions/subscriptions-api';
import { subscriptionCopy } from '../../../i18n/ja-subscriptions';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import styles from './subscriptions.module.css';

/** The cycles of the member's subscription, newest first: date, amount, coins delivered, status. */
export function CycleHistory({ cycles }: { cycles: SubscriptionCycle[] }) {
  return (
    <section aria-labelledby="cycle-history">
      <h2 id="cycle-history" className={styles.subheading}>
        {subscriptionCopy('history.heading')}
      </h2>
      {cycles.length === 0 ? (
        <p className={styles.note}>{subscriptionCopy('history.empty')}</p>
      ) : (
        <ol className={styles.cycles} data-testid="cycle-history">
          {[...cycles].reverse().map((c) => (
            <li key={c.cycle} className={c.status === 'DECLINED' ? `${styles.cycle} ${styles.cycleDeclined}` : styles.cycle}>
              <strong>{subscriptionCopy('history.cycleLabel', { cycle: c.cycle })}</strong>
              <span>{formatTokyoDate(c.paidDatetime ?? c.updatedDatetime)}</span>
              <span>{subscriptionCopy('history.yen', { price: formatAmount(c.taxIncludedPrice) })}</span>
              <span className={styles.cycleCoins}>
                {c.status === 'PAID'
                  ? subscriptionCopy('history.coinsValue', { coin: formatAmount(c.coin), bonus: formatAmount(c.bonus) })
                  : subscriptionCopy('history.none')}
                {' ・ '}
                {subscriptionCopy(`history.${c.status}`)}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
