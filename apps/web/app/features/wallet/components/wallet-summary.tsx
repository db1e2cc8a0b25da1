import { formatAmount } from '@hondana/domain/common/format';
import { CoinIcon } from '../../../components/coin-icon';
import { walletCopy as w } from '../../../i18n/ja-wallet';
import type { WalletData } from '../api/get-wallet';
import { EXPIRING_DAYS } from '../api/get-wallet';
import { formatTokyoDate } from '@hondana/domain/common/tokyo-format';
import styles from './wallet.module.css';

/** Balance (§5: integers), paid and bonus parts, coins and points, and what expires soon. */
export function WalletSummary({ data }: { data: WalletData }) {
  const { balance, coins, expiring } = data;
  return (
    <section aria-labelledby="balance-heading">
      <div className={styles.balance}>
        <span id="balance-heading">{w('wallet.balance')}</span>
        <CoinIcon size={20} />
        <strong data-testid="wallet-balance">{formatAmount(balance.balance)}</strong>
      </div>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{w('wallet.paid')}</th>
            <td className={styles.num}>{formatAmount(balance.paidBalance)}</td>
          </tr>
          <tr>
            <th scope="row">{w('wallet.bonus')}</th>
            <td className={styles.num}>{formatAmount(balance.bonusBalance)}</td>
          </tr>
          <tr>
            <th scope="row">{w('wallet.coin')}</th>
            <td className={styles.num}>{formatAmount(coins.coin)}</td>
          </tr>
          <tr>
            <th scope="row">{w('wallet.point')}</th>
            <td className={styles.num}>{formatAmount(coins.point)}</td>
          </tr>
        </tbody>
      </table>
      {expiring.amount > 0 && (
        <p className={styles.notice}>
          {w('wallet.expiring', { days: EXPIRING_DAYS })}: <strong>{formatAmount(expiring.amount)}</strong>
          {expiring.earliestExpireDatetime !== null &&
            `（${w('wallet.expiringAt', { date: formatTokyoDate(expiring.earliestExpireDatetime) })}）`}
        </p>
      )}
    </section>
  );
}

/** Balance by expiry date, earliest first. */
export function PeriodBalances({ periods }: { periods: WalletData['periods']['periods'] }) {
  if (periods.length === 0) return null;
  return (
    <section aria-labelledby="periods-heading">
      <h2 id="periods-heading" className={styles.subheading}>
        {w('wallet.periods')}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{w('wallet.expireDate')}</th>
            <th scope="col" className={styles.num}>
              {w('wallet.paid')}
            </th>
            <th scope="col" className={styles.num}>
              {w('wallet.bonus')}
            </th>
            <th scope="col" className={styles.num}>
              {w('wallet.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {periods.map((p) => (
            <tr key={p.expireDatetime}>
              <td>{formatTokyoDate(p.expireDatetime)}</td>
              <td className={styles.num}>{formatAmount(p.paid)}</td>
              <td className={styles.num}>{formatAmount(p.bonus)}</td>
              <td className={styles.num}>{formatAmount(p.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** Ledger entries, newest first: grants, spends, expiries, refunds and adjustments. */
export function WalletHistory({ history }: { history: WalletData['history']['history'] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className={styles.subheading}>
        {w('wallet.history')}
      </h2>
      {history.length === 0 ? (
        <p className={styles.empty}>{w('wallet.historyEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {history.map((e) => (
            <li key={e.id}>
              <span>
                {w(`wallet.kind.${e.kind}`)} {e.reason}
                <br />
                <span className={styles.sub}>
                  {formatTokyoDate(e.datetime)} ・ {e.paid ? w('wallet.paidTag') : w('wallet.bonusTag')} ・{' '}
                  {w('wallet.expires', { date: formatTokyoDate(e.expireDatetime) })}
                </span>
              </span>
              <span className={e.amount >= 0 ? styles.plus : styles.minus}>
                {e.amount >= 0 ? '+' : ''}
                {formatAmount(e.amount)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
