import { Link } from 'react-router';
import { Pager } from '../components/pager';
import { HISTORY_PAGE_SIZE, getWallet } from '../features/wallet/api/get-wallet';
import { PeriodBalances, WalletHistory, WalletSummary } from '../features/wallet/components/wallet-summary';
import styles from '../features/wallet/components/wallet.module.css';
import { memberOnly } from '../features/wallet/member-only';
import { walletCopy } from '../i18n/ja-wallet';
import { SubscriptionTeaser } from '../features/subscriptions/components/subscription-teaser';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/wallet';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: walletCopy('wallet.title'), description: walletCopy('wallet.description') }),
  { name: 'robots', content: 'noindex' },
];

/** `/wallet/manga_coin` (§2): the member's balances, expiring coins, balance by expiry and history. */
export async function clientLoader({ url }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const data = await memberOnly(url, () => getWallet(page));
  return { ...data, page };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('wallet.heading')}</h1>
      <p className={styles.loading} aria-busy="true" />
    </div>
  );
}

export default function Wallet({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('wallet.heading')}</h1>
      <WalletSummary data={d} />
      <nav className={styles.links}>
        <Link to="/mangacoin">{walletCopy('wallet.buyCoins')}</Link>
        <Link to="/order/payments">{walletCopy('wallet.payments')}</Link>
      </nav>
      <SubscriptionTeaser from="wallet" />
      <PeriodBalances periods={d.periods.periods} />
      <WalletHistory history={d.history.history} />
      <Pager
        page={d.page}
        total={Math.max(1, Math.ceil(d.history.totalCount / HISTORY_PAGE_SIZE))}
        href={(p) => `/wallet/manga_coin${p > 1 ? `?page=${p}` : ''}`}
      />
      <WalletHistory history={d.pointHistory.history} currency="POINT" />
      <WalletHistory history={d.coinHistory.history} currency="COIN" />
    </div>
  );
}
