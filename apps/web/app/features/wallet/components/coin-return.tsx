import { formatAmount } from '@hondana/domain/common/format';
import type { CoinCallbackResponse } from '@hondana/domain/wallet/wallet-api';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './wallet.module.css';

/**
 * After a coin purchase begun from a page that lacked coins (`/pcb`): what `/cb` answered — the
 * pack bought, the balance now, and 元のページに戻る back to that page.
 */
export function CoinReturn({ result }: { result: CoinCallbackResponse['results'] }) {
  const { purchase, path } = result;
  return (
    <section className={`${styles.success} ${styles.coinReturn}`} data-testid="coin-return" aria-labelledby="coin-return-heading">
      <h2 id="coin-return-heading" className={styles.checkoutHeading}>
        {walletCopy('coinReturn.heading')}
      </h2>
      {purchase && <p>{walletCopy('coinReturn.purchased', { coin: formatAmount(purchase.coin), bonus: formatAmount(purchase.bonus) })}</p>}
      <p>{walletCopy('coinReturn.balance', { balance: formatAmount(result.mangaCoin) })}</p>
      {path && (
        <a className={styles.returnLink} href={path}>
          {walletCopy('coinReturn.back')}
        </a>
      )}
    </section>
  );
}
