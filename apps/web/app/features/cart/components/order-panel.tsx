import { formatAmount } from '@hondana/domain/common/format';
import type { CartView } from '@hondana/domain/cart/cart-api';
import type { CartPaymentType } from '@hondana/domain/cart/cart-checkout';
import { coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { cartCopy } from '../../../i18n/ja-cart';
import { cartPayCopy } from '../../../i18n/ja-cart-pay';
import type { CouponListItem } from '../api/cart-api';
import { type PaymentCard, PaymentCardFields, SandboxNote } from '../../../components/payment-card/payment-card';
import { type StripeJs, type StripePay, StripePayment } from '../../../components/stripe-payment/stripe-payment';
import styles from './cart.module.css';
import { CouponPicker } from './coupon-picker';
import { PointUse } from './point-use';
import type { CartProviderMethod, CheckoutError } from './cart-page';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';
import { ConfirmEmailNotice } from '../../accounts/components/confirm-email-notice';

export type PaymentChoice = CartPaymentType;

interface Props {
  cart: CartView;
  coupons: CouponListItem[];
  usePoint: number;
  payment: PaymentChoice;
  card: PaymentCard;
  onCard: (card: PaymentCard) => void;
  /** The provider's methods offered besides coins (`providerMethods` of the cart page). */
  methods: readonly CartProviderMethod[];
  /** Stripe.js's key (PAYMENT_PROVIDER=stripe): the card is taken by Stripe's Payment Element, not the sandbox's fields. */
  stripe: StripeJs | null;
  onStripePay: (pay: StripePay | null) => void;
  stripeReady: boolean;
  /** Waiting for Stripe's answer (3-D Secure, the order settled). */
  confirming: boolean;
  busy: boolean;
  /** Why the last 購入する was refused, shown beside the button with the way out. */
  checkoutError?: CheckoutError | null;
  onCoupon: (couponId: number | null) => void;
  onUsePoint: (points: number) => void;
  onPayment: (payment: PaymentChoice) => void;
  onCheckout: () => void;
}

/** The checkout button says what it spends: 購入する 276マンガコイン, or the yen a card or carrier pays. */
function checkoutLabel(payment: PaymentChoice, amount: number): string {
  if (payment === 'MANGA_COIN' || payment === 'COIN') return cartCopy(`checkout.${payment}`, { amount: formatAmount(amount) });
  return cartCopy('checkout.yen', { amount: formatAmount(amount) });
}

/** Coupon choice, point use, payment method, totals and the checkout button (saying what it spends) of the cart. */
export function OrderPanel(props: Props) {
  const {
    cart,
    coupons,
    usePoint,
    payment,
    card,
    onCard,
    methods,
    stripe,
    onStripePay,
    stripeReady,
    confirming,
    busy,
    checkoutError,
    onCoupon,
    onUsePoint,
    onPayment,
    onCheckout,
  } = props;
  const stripeCard = payment === 'creditcard' && stripe !== null;
  return (
    <section className={styles.panel} aria-label={cartCopy('totals.heading')}>
      <CouponPicker cart={cart} coupons={coupons} busy={busy} onCoupon={onCoupon} />
      <PointUse cart={cart} usePoint={usePoint} withMangaCoin={payment === 'MANGA_COIN'} busy={busy} onUsePoint={onUsePoint} />
      <fieldset className={styles.field}>
        <legend>{cartCopy('payment.heading')}</legend>
        {(['MANGA_COIN', 'COIN'] as const).map((m) => (
          <label key={m} className={styles.radio}>
            <input type="radio" name="payment" value={m} checked={payment === m} disabled={busy} onChange={() => onPayment(m)} />
            {cartCopy(`payment.${m}`)}
          </label>
        ))}
        <p className={styles.hint}>
          {cartCopy('totals.balance', { mangaCoin: formatAmount(cart.myMangaCoin), coin: formatAmount(cart.myCoin) })}
        </p>
        {methods.map((m) => (
          <label key={m} className={styles.radio}>
            <input type="radio" name="payment" value={m} checked={payment === m} disabled={busy} onChange={() => onPayment(m)} />
            {m === 'creditcard' ? cartPayCopy('payment.creditcard') : coinPaymentMethodLabels[m]}
          </label>
        ))}
      </fieldset>
      {stripeCard && cart.totalAmount > 0 && (
        <div>
          <StripePayment config={stripe} amount={cart.totalAmount} onPay={onStripePay} />
        </div>
      )}
      {payment === 'creditcard' && !stripe && (
        <>
          <PaymentCardFields card={card} disabled={busy} onChange={onCard} />
          <SandboxNote />
        </>
      )}
      <dl className={styles.totals}>
        <dt>{cartCopy('totals.salePrice')}</dt>
        <dd data-testid="cart-sale-price">{formatAmount(cart.salePrice)}円</dd>
        <dt>{cartCopy('totals.discount')}</dt>
        <dd data-testid="cart-discount">-{formatAmount(cart.totalDiscount)}円</dd>
        <dt>{cartCopy('totals.usePoint')}</dt>
        <dd data-testid="cart-use-point">{cart.usePoint > 0 ? `-${formatAmount(cart.usePoint)}` : 0}pt</dd>
        <dt className={styles.amount}>{cartCopy('totals.amount')}</dt>
        <dd className={styles.amount} data-testid="cart-amount">
          {formatAmount(cart.totalAmount)}円
        </dd>
        {cart.points.totalPoint > 0 && (
          <>
            <dt>{cartCopy('totals.earned')}</dt>
            <dd>{formatAmount(cart.points.totalPoint)}pt</dd>
          </>
        )}
      </dl>
      {checkoutError && <CheckoutRefusal error={checkoutError} />}
      {confirming && (
        <p role="status" className={styles.hint}>
          {cartPayCopy('stripe.confirming')}
        </p>
      )}
      <button
        type="button"
        className={styles.checkout}
        disabled={busy || cart.totalCount === 0 || (stripeCard && cart.totalAmount > 0 && !stripeReady)}
        onClick={onCheckout}
      >
        {busy ? cartCopy('buying') : checkoutLabel(payment, cart.totalAmount)}
      </button>
    </section>
  );
}

/** Coin shortages: the coin shop is the way out (it brings the member back to the cart). */
const SHORTAGES = ['CART_NOT_ENOUGH_MANGA_COIN', 'CART_NOT_ENOUGH_AMEBA_COIN'];

/** A refused 購入する, next to the button: the reason and what to do about it (issue 34 item 7). */
function CheckoutRefusal({ error }: { error: CheckoutError }) {
  if (error.code === 'EMAIL_NOT_CONFIRMED') return <ConfirmEmailNotice className={styles.checkoutError} />;
  return (
    <div className={styles.checkoutError} role="alert" data-testid="checkout-error">
      <p>{error.message}</p>
      {SHORTAGES.includes(error.code) && <CoinShopLink className={styles.checkoutErrorLink}>{cartCopy('coinShop')}</CoinShopLink>}
    </div>
  );
}
