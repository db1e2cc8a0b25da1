import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { Link, useRevalidator } from 'react-router';
import { bulkBuyCopy } from '../../../i18n/ja-bulk-buy';
import styles from './bulk-buy.module.css';
import type { BulkDone } from './bulk-buy-sheet';

/** The sheet (its dialog, queries and order) loads when the member opens it. */
const BulkBuySheet = lazy(() => import('./bulk-buy-sheet'));

const noSubscription = () => () => {};

type Props = { titleId: number; isMember: boolean; loginTo: string };

/**
 * まとめ買い on the series page (§1, issue 40 item 1): a member picks the volumes they do not have
 * yet — all, the next N, or from volume X — sees the total, the coupon and the points as the
 * server works them out, and buys them in one order with manga coins. Owned and unreleased
 * volumes are left out and said so.
 */
export function BulkBuy({ titleId, isMember, loginTo }: Props) {
  const [open, setOpen] = useState(false);
  const revalidator = useRevalidator();
  // What the sheet bought, kept here (the sheet shows it until closed); the page's data is read
  // again once the sheet that bought closes, not under the open sheet.
  const [done, setDone] = useState<BulkDone | null>(null);
  const close = () => {
    setOpen(false);
    if (done) {
      setDone(null);
      void revalidator.revalidate();
    }
  };
  // The server's HTML offers the button disabled: it opens the sheet once its code has hydrated.
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  return (
    <section id="bulk-buy" className={styles.section} aria-labelledby="bulk-buy-heading">
      <h2 id="bulk-buy-heading" className={styles.heading}>
        {bulkBuyCopy('heading')}
      </h2>
      <p className={styles.lead}>{bulkBuyCopy('lead')}</p>
      {isMember ? (
        <button type="button" className={styles.open} disabled={!hydrated} onClick={() => setOpen(true)}>
          {bulkBuyCopy('open')}
        </button>
      ) : (
        <Link className={styles.open} to={loginTo}>
          {bulkBuyCopy('login')}
        </Link>
      )}
      {open && (
        <Suspense fallback={null}>
          <BulkBuySheet titleId={titleId} done={done} onBought={setDone} onClose={close} />
        </Suspense>
      )}
    </section>
  );
}

export default BulkBuy;
