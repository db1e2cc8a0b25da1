import type { CartView } from '@hondana/domain/cart';
import type { CartPaymentType } from '@hondana/domain/cart-checkout';
import { coinPaymentMethodLabels, coinPaymentMethods } from '@hondana/domain/wallet-payments';
import { useId } from 'react';
import { cartCopy as c } from '../../../i18n/ja-cart';
import { cartPayCopy as p } from '../../../i18n/ja-cart-pay';
import type { CouponListItem } from '../api/cart-api';
import { type CardState, CardFields } from './card-fields';
import styles from './cart.module.css';

export type PaymentChoice = CartPaymentType;

interface Props {
  cart: CartView;
  coupons: CouponListItem[];
  usePoint: number;
  payment: PaymentChoice;
  card: CardState;
  onCard: (card: CardState) => void;
  busy: boolean;
  onCoupon: (couponId: number | null) => void;
  onUsePoint: (points: number) => void;
  onPayment: (payment: PaymentChoice) => void;
  onCheckout: () => void;
}

const yen = (n: number) => n.toLocaleString('ja-JP');

/** Coupon choice, point use, payment method, totals and the checkout button of the cart. */
export function OrderPanel({ cart, coupons, usePoint, payment, card, onCard, busy, onCoupon, onUsePoint, onPayment, onCheckout }: Props) {
  const couponId = useId();
  const pointId = useId();
  const usable = coupons.filter((k) => k.status === 'UNUSED');
  return (
    <section className={styles.panel} aria-label={c('totals.heading')}>
      {usable.length > 0 && (
        <div className={styles.field}>
          <label htmlFor={couponId}>{c('coupon.heading')}</label>
          <select id={couponId} value={cart.cartCoupon?.id ?? ''} disabled={busy} onChange={(e) => onCoupon(e.target.value ? Number(e.target.value) : null)}>
            <option value="">{c('coupon.none')}</option>
            {usable.map((k) => (
              <option key={k.id} value={k.id}>
                {cart.cartCoupon?.id === k.id ? c('coupon.option', { name: k.name, discount: yen(cart.cartCoupon.discount) }) : k.name}
              </option>
            ))}
          </select>
          {cart.suggestedCoupon && (
            <p className={styles.suggest}>
              {c('coupon.suggested', { name: cart.suggestedCoupon.name, discount: yen(cart.suggestedCoupon.discount) })}{' '}
              <button type="button" className={styles.link} disabled={busy} onClick={() => onCoupon(cart.suggestedCoupon!.id)}>
                {c('coupon.apply')}
              </button>
            </p>
          )}
        </div>
      )}
      {payment !== 'MANGA_COIN' && cart.myPoint > 0 && (
        <div className={styles.field}>
          <label htmlFor={pointId}>{c('point.label')}</label>
          <input
            id={pointId}
            type="number"
            inputMode="numeric"
            min={cart.minUsePoint}
            max={cart.maxUsePoint}
            value={usePoint}
            disabled={busy}
            onChange={(e) => onUsePoint(Math.min(Math.max(Math.floor(Number(e.target.value) || 0), 0), cart.maxUsePoint))}
          />
          <button type="button" className={styles.secondary} disabled={busy} onClick={() => onUsePoint(cart.maxUsePoint)}>
            {c('point.all')}
          </button>
          <p className={styles.hint}>{c('point.hint', { held: yen(cart.myPoint), max: yen(cart.maxUsePoint) })}</p>
        </div>
      )}
      <fieldset className={styles.field}>
        <legend>{c('payment.heading')}</legend>
        {(['MANGA_COIN', 'COIN'] as const).map((m) => (
          <label key={m} className={styles.radio}>
            <input type="radio" name="payment" value={m} checked={payment === m} disabled={busy} onChange={() => onPayment(m)} />
            {c(`payment.${m}`)}
          </label>
        ))}
        <p className={styles.hint}>{c('totals.balance', { mangaCoin: yen(cart.myMangaCoin), coin: yen(cart.myCoin) })}</p>
        {coinPaymentMethods.map((m) => (
          <label key={m} className={styles.radio}>
            <input type="radio" name="payment" value={m} checked={payment === m} disabled={busy} onChange={() => onPayment(m)} />
            {m === 'creditcard' ? p('payment.creditcard') : coinPaymentMethodLabels[m]}
          </label>
        ))}
      </fieldset>
      {payment === 'creditcard' && <CardFields card={card} disabled={busy} onChange={onCard} />}
      <dl className={styles.totals}>
        <dt>{c('totals.salePrice')}</dt>
        <dd>{yen(cart.salePrice)}円</dd>
        <dt>{c('totals.discount')}</dt>
        <dd data-testid="cart-discount">-{yen(cart.totalDiscount)}円</dd>
        <dt>{c('totals.usePoint')}</dt>
        <dd>{cart.usePoint > 0 ? `-${yen(cart.usePoint)}` : 0}pt</dd>
        <dt className={styles.amount}>{c('totals.amount')}</dt>
        <dd className={styles.amount} data-testid="cart-amount">{yen(cart.totalAmount)}円</dd>
        {cart.points.totalPoint > 0 && (
          <>
            <dt>{c('totals.earned')}</dt>
            <dd>{yen(cart.points.totalPoint)}pt</dd>
          </>
        )}
      </dl>
      <button type="button" className={styles.checkout} disabled={busy || cart.totalCount === 0} onClick={onCheckout}>
        {busy ? c('buying') : c('checkout', { amount: yen(cart.totalAmount) })}
      </button>
    </section>
  );
}
