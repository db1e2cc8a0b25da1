import { AmountUnit, formatIn, formatPaid } from '@hondana/domain/common/amount-unit';
import { formatAmount } from '@hondana/domain/common/format';
import type { PaymentHistoryItem } from '@hondana/domain/orders/orders-api';
import { Link } from 'react-router';
import { walletCopy } from '../../../i18n/ja-wallet';
import styles from '../../wallet/components/wallet.module.css';
import { RentalPaymentName } from '../../serials/components/rental-payment';
import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';

const methodLabels: Record<string, string> = {
  FREE: '無料',
  POINT: 'ポイント',
  COIN: 'コイン',
  MANGA_COIN: 'マンガコイン',
  SIMPLY_PAY_CREDIT_CARD: 'クレジットカード',
  AMEBA_PAY_CREDIT_CARD: 'クレジットカード',
  DOCOMO: 'ドコモ払い',
  PAYPAY: 'PayPay',
  AU: 'auかんたん決済',
  SOFTBANK: 'ソフトバンクまとめて支払い',
  LINEPAY: 'LINE Pay',
  RAKUTENPAY: '楽天ペイ',
  KONBINI: 'コンビニ払い',
};

/** `/order/payments`: one row per order with what it bought, how it was paid and its status. */
export function PaymentList({ payments }: { payments: PaymentHistoryItem[] }) {
  if (payments.length === 0) return <p className={styles.empty}>{walletCopy('payments.empty')}</p>;
  return (
    <ul className={styles.list}>
      {payments.map((p) => (
        <li
          key={`${p.kind}-${p.orderId}`}
          data-testid={p.kind === 'SERIAL_RENTAL' ? `payment-rental-${p.orderId}` : `payment-${p.orderId}`}
        >
          <span>
            {p.kind === 'SERIAL_RENTAL' && p.rental ? (
              <RentalPaymentName rental={p.rental} paidAt={p.orderDatetime} />
            ) : p.kind === 'MANGA_COIN' && p.coinItem ? (
              walletCopy('payments.coinPack', { coin: formatAmount(p.coinItem.coin), bonus: formatAmount(p.coinItem.bonus) })
            ) : (
              p.items.map((item) => (
                <Link key={item.bookId} to={`/series_list/series_id=${item.titleId}?book_id=${item.bookId}`}>
                  {item.name}
                </Link>
              ))
            )}
            <br />
            <span className={styles.sub}>
              {formatTokyoDateTime(p.orderDatetime)} ・ {methodLabels[p.paymentType] ?? p.paymentType}
              {p.kind !== 'SERIAL_RENTAL' && ` ・ ${walletCopy('payments.order', { id: p.orderId })}`}
              {p.point > 0 && ` ・ ${walletCopy('payments.points', { point: formatIn(p.point, AmountUnit.POINT) })}`}
            </span>
          </span>
          <span>
            <strong>
              {/* Each amount in its own unit (issue 34 item 4): a coin pack in yen, an order in what paid it. */}
              {p.kind === 'MANGA_COIN' ? formatIn(p.totalPrice, AmountUnit.YEN) : formatPaid(p.totalPrice, p.paymentType)}
            </strong>
            <br />
            <span className={styles.sub}>{walletCopy(`payments.status.${p.status}`)}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}
