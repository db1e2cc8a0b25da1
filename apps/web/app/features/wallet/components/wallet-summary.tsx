import { AmountUnit, formatIn } from '@hondana/domain/common/amount-unit';
import { formatAmount } from '@hondana/domain/common/format';
import { CoinIcon } from '../../../components/coin-icon';
import { walletCopy } from '../../../i18n/ja-wallet';
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
        <span id="balance-heading">{walletCopy('wallet.balance')}</span>
        <CoinIcon size={20} />
        <strong data-testid="wallet-balance">{formatAmount(balance.balance)}</strong>
      </div>
      <table className={styles.table}>
        <tbody>
          <tr>
            <th scope="row">{walletCopy('wallet.paid')}</th>
            <td className={styles.num}>{formatAmount(balance.paidBalance)}</td>
          </tr>
          <tr>
            <th scope="row">{walletCopy('wallet.bonus')}</th>
            <td className={styles.num}>{formatAmount(balance.bonusBalance)}</td>
          </tr>
          <tr>
            <th scope="row">{walletCopy('wallet.coin')}</th>
            <td className={styles.num}>{formatAmount(coins.coin)}</td>
          </tr>
          <tr>
            <th scope="row">{walletCopy('wallet.point')}</th>
            <td className={styles.num}>{formatAmount(coins.point)}</td>
          </tr>
        </tbody>
      </table>
      {expiring.amount > 0 && (
        <p className={styles.notice}>
          {walletCopy('wallet.expiring', { days: EXPIRING_DAYS })}: <strong>{formatAmount(expiring.amount)}</strong>
          {expiring.earliestExpireDatetime !== null &&
            `（${walletCopy('wallet.expiringAt', { date: formatTokyoDate(expiring.earliestExpireDatetime) })}）`}
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
        {walletCopy('wallet.periods')}
      </h2>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">{walletCopy('wallet.expireDate')}</th>
            <th scope="col" className={styles.num}>
              {walletCopy('wallet.paid')}
            </th>
            <th scope="col" className={styles.num}>
              {walletCopy('wallet.bonus')}
            </th>
            <th scope="col" className={styles.num}>
              {walletCopy('wallet.amount')}
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

type HistoryKind = 'MANGA_COIN' | 'POINT' | 'COIN';
const historyHeading = { MANGA_COIN: 'wallet.history', POINT: 'wallet.pointHistory', COIN: 'wallet.coinHistory' } as const;
const historyUnit = { MANGA_COIN: AmountUnit.MANGA_COIN, POINT: AmountUnit.POINT, COIN: AmountUnit.COIN } as const;

/**
 * One currency's ledger entries, newest first: grants, spends, expiries, refunds and adjustments,
 * each amount with its unit. The manga-coin statement lists manga coins only; points and coins
 * have their own lists (issue 34 item 5), shown when there is something in them.
 */
export function WalletHistory({ history, currency = 'MANGA_COIN' }: { history: WalletData['history']['history']; currency?: HistoryKind }) {
  if (currency !== 'MANGA_COIN' && history.length === 0) return null;
  const id = `history-heading-${currency.toLowerCase()}`;
  return (
    <section aria-labelledby={id} data-testid={`history-${currency.toLowerCase()}`}>
      <h2 id={id} className={styles.subheading}>
        {walletCopy(historyHeading[currency])}
      </h2>
      {history.length === 0 ? (
        <p className={styles.empty}>{walletCopy('wallet.historyEmpty')}</p>
      ) : (
        <ul className={styles.list}>
          {history.map((e) => (
            <li key={e.id}>
              <span>
                {walletCopy(`wallet.kind.${e.kind}`)} {e.reason}
                <br />
                <span className={styles.sub}>
                  {formatTokyoDate(e.datetime)} ・{' '}
                  {currency === 'MANGA_COIN' && <>{e.paid ? walletCopy('wallet.paidTag') : walletCopy('wallet.bonusTag')} ・ </>}
                  {walletCopy('wallet.expires', { date: formatTokyoDate(e.expireDatetime) })}
                </span>
              </span>
              <span className={e.amount >= 0 ? styles.plus : styles.minus}>
                {e.amount >= 0 ? '+' : ''}
                {formatIn(e.amount, historyUnit[currency])}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
