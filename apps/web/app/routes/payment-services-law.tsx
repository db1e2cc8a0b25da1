import type { PaymentServicesActNotice } from '@hondana/domain/wallet/wallet-api';
import { Link } from 'react-router';
import { apiGet } from '../lib/api/no-login-redirect';
import styles from '../features/wallet/components/wallet.module.css';
import { walletCopy } from '../i18n/ja-wallet';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/payment-services-law';

export const meta: Route.MetaFunction = () => pageMeta({ title: walletCopy('law.title'), description: walletCopy('law.description') });

/**
 * `/law/payment_services`: 資金決済法に基づく表示 for paid manga coins, linked from the
 * coin shop. The text is the server's (`GET /api/manga_coin/legal_notice`), so the page and the
 * operator's records cannot disagree.
 */
export async function clientLoader() {
  try {
    return { notice: await apiGet<PaymentServicesActNotice>('/manga_coin/legal_notice') };
  } catch {
    return { notice: null };
  }
}
clientLoader.hydrate = true as const;

export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('law.title')}</h1>
      <p className={styles.loading} aria-busy="true" />
    </div>
  );
}

export default function PaymentServicesLaw({ loaderData: { notice } }: Route.ComponentProps) {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{notice?.title ?? walletCopy('law.title')}</h1>
      {notice ? (
        <dl className={styles.law}>
          {notice.sections.map((s) => (
            <div key={s.heading}>
              <dt>{s.heading}</dt>
              <dd>{s.body}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p role="alert" className={styles.error}>
          {walletCopy('law.failed')}
        </p>
      )}
      <p className={styles.links}>
        <Link to="/mangacoin">{walletCopy('law.toShop')}</Link>
      </p>
    </div>
  );
}
