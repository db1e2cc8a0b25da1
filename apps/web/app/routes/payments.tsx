import { Link } from 'react-router';
import { Pager } from '../components/pager';
import { PAYMENTS_PAGE_SIZE, getPayments } from '../features/orders/api/get-payments';
import { PaymentList } from '../features/orders/components/payment-list';
import styles from '../features/wallet/components/wallet.module.css';
import { memberOnly } from '../features/wallet/member-only';
import { walletCopy } from '../i18n/ja-wallet';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/payments';

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: walletCopy('payments.title'), description: walletCopy('payments.description') }),
  { name: 'robots', content: 'noindex' },
];

/** `/order/payments` (§7): the member's orders, 20 a page. */
export async function clientLoader({ url }: Route.ClientLoaderArgs) {
  const page = Math.max(1, Number(url.searchParams.get('page')) || 1);
  const data = await memberOnly(url, () => getPayments(page, true));
  return { ...data, page };
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('payments.heading')}</h1>
      <p className={styles.loading} aria-busy="true" />
    </div>
  );
}

export default function Payments({ loaderData: d }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('payments.heading')}</h1>
      <nav className={styles.links}>
        <Link to="/wallet/manga_coin">{walletCopy('wallet.title')}</Link>
        <Link to="/mangacoin">{walletCopy('wallet.buyCoins')}</Link>
      </nav>
      <PaymentList payments={d.payments} />
      <Pager
        page={d.page}
        total={Math.max(1, Math.ceil(d.totalCount / PAYMENTS_PAGE_SIZE))}
        href={(p) => `/order/payments${p > 1 ? `?page=${p}` : ''}`}
      />
    </div>
  );
}
