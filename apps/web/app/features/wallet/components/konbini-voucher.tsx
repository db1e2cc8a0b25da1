import { formatAmount } from '@hondana/domain/common/format';
import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';
import type { KonbiniVoucher, MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from './wallet.module.css';

/**
 * A konbini voucher (Stripe, issue 39): the amount, the time limit (支払期限), Stripe's voucher
 * page (払込票) and each chain's numbers for the till. The coins come when Stripe says it was paid.
 */
export function KonbiniVoucherView({ voucher, item, onClose }: { voucher: KonbiniVoucher; item: MangaCoinItem; onClose: () => void }) {
  return (
    <section className={styles.checkout} aria-labelledby="voucher-heading" data-testid="konbini-voucher">
      <h2 id="voucher-heading" className={styles.checkoutHeading}>
        {walletCopy('voucher.heading')}
      </h2>
      <div role="status" className={styles.notice}>
        <p>{walletCopy('voucher.amount', { price: formatAmount(item.taxIncludedPrice), coin: formatAmount(item.coin) })}</p>
        <p>
          <strong>{walletCopy('voucher.deadline', { time: formatTokyoDateTime(voucher.expiresAt) })}</strong>
        </p>
        <p>{walletCopy('voucher.body')}</p>
      </div>
      <VoucherDetails voucher={voucher} />
      <div className={styles.checkoutActions}>
        <button type="button" className={styles.primary} onClick={onClose}>
          {walletCopy('voucher.close')}
        </button>
      </div>
    </section>
  );
}

/** Stripe's voucher page (払込票) and each chain's numbers for the till: after the purchase, and in the coin shop again until it is paid. */
export function VoucherDetails({ voucher }: { voucher: KonbiniVoucher }) {
  return (
    <>
      {voucher.voucherUrl && (
        <p>
          <a href={voucher.voucherUrl} target="_blank" rel="noopener noreferrer">
            {walletCopy('voucher.link')}
          </a>
        </p>
      )}
      {voucher.stores.length > 0 && (
        <>
          <h3 className={styles.voucherStores}>{walletCopy('voucher.stores')}</h3>
          <dl className={styles.voucherList}>
            {voucher.stores.map((s) => (
              <div key={s.store}>
                <dt>{walletCopy(`voucher.store.${s.store}`)}</dt>
                <dd>
                  {s.confirmationNumber && <span>{walletCopy('voucher.confirmationNumber', { number: s.confirmationNumber })}</span>}
                  {s.paymentCode && <span>{walletCopy('voucher.paymentCode', { code: s.paymentCode })}</span>}
                </dd>
              </div>
            ))}
          </dl>
        </>
      )}
    </>
  );
}
