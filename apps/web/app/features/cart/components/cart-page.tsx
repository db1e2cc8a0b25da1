import { formatAmount } from '@hondana/domain/common/format';
import type { CartItemView, CartView } from '@hondana/domain/cart/cart-api';
import type { CoinPaymentConfig } from '@hondana/domain/wallet/wallet-api';
import { coinPaymentMethods } from '@hondana/domain/wallet/wallet-payments';
import { useState } from 'react';
import { isProviderMethod } from '@hondana/domain/cart/cart-checkout';
import { cartCopy } from '../../../i18n/ja-cart';
import { cartPayErrorCopy as cartErrorCopy, cartPayCopy, returnedMessage } from '../../../i18n/ja-cart-pay';
import { ApiError } from '../../../lib/api/client';
import * as api from '../api/cart-api';
import { type CartArrival, orderCart, orderLotteryCampaigns, settledCartOrder } from '../api/cart-pay-api';
import type { StripePay } from '../../../components/stripe-payment/stripe-payment';
import { announceCartCount } from '../../../components/cart-count-event';
import { type PaymentCard, emptyPaymentCard, takeCard } from '../../../components/payment-card/payment-card';
import { CartItemRow } from './cart-item-row';
import styles from './cart.module.css';
import { OrderPanel, type PaymentChoice } from './order-panel';
import { CoinShopLink } from '../../wallet/components/coin-shop-link';
import { LotteryEarned } from '../../campaigns/components/lottery-earned';

export interface CartData {
  cart: CartView;
  later: CartItemView[];
  coupons: api.CouponListItem[];
  /** What the URL asked on arrival: a bundle added, a provider payment come back from. */
  arrival?: CartArrival;
  /** The store's payment provider (`/manga_coin/payment_config`); null when it could not be read. */
  payment?: CoinPaymentConfig | null;
}

/**
 * The methods besides coins the cart offers: the sandbox's all; through Stripe the card only
 * (its Payment Element; the cart's carriers are not taken through Stripe); none when the
 * provider is unknown (a card form of the wrong provider is never shown).
 */
export type CartProviderMethod = (typeof coinPaymentMethods)[number];

function providerMethods(payment: CoinPaymentConfig | null | undefined): readonly CartProviderMethod[] {
  if (!payment) return [];
  if (payment.provider === 'stripe') return payment.stripe && payment.methods.includes('creditcard') ? ['creditcard'] : [];
  return coinPaymentMethods;
}

/** A checkout refused on the page (Stripe's fields, 3-D Secure, the order's outcome): its code and what the member reads. */
class CheckoutRefused extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** The member's cart (§2 `/cart`): active and buy-later lists, coupon, points, totals and checkout. */
export function CartPage({ initial }: { initial: CartData }) {
  const [data, setData] = useState(initial);
  const [usePoint, setUsePoint] = useState(0);
  const [payment, setPayment] = useState<PaymentChoice>(
    initial.cart.myMangaCoin >= initial.cart.totalAmount || initial.cart.myCoin === 0 ? 'MANGA_COIN' : 'COIN',
  );
  const [card, setCard] = useState<PaymentCard>(emptyPaymentCard);
  // Stripe's Payment Element once ready (PAYMENT_PROVIDER=stripe), and whether the page waits for Stripe's answer.
  const stripe = initial.payment?.provider === 'stripe' ? initial.payment.stripe : null;
  const methods = providerMethods(initial.payment);
  const [stripePay, setStripePay] = useState<StripePay | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const returned = initial.arrival?.returned ?? null;
  const [message, setMessage] = useState<string | null>(
    initial.arrival?.bundleError
      ? cartErrorCopy(initial.arrival.bundleError)
      : returned && returned.status !== 'COMPLETE'
        ? returnedMessage(returned.status)
        : null,
  );
  const [bought, setBought] = useState<Bought[] | null>(returned?.status === 'COMPLETE' ? returned.names : null);
  const [charged, setCharged] = useState<Charged | null>(null);
  // The lottery tickets the order earned (`userLotteryTickets`), said with its result (issue 40 item 4).
  const [earned, setEarned] = useState<number[]>([]);
  // A refused checkout shows beside 購入する, with the way out (issue 34 item 7), not at the top.
  const [checkoutError, setCheckoutError] = useState<CheckoutError | null>(null);

  const reload = async (points = usePoint) => {
    const [cart, later, coupons] = await Promise.all([api.getCart(points), api.getLaterItems(), api.getCoupons()]);
    setData((d) => ({ ...d, cart, later: later.items, coupons: coupons.list }));
    // The header's count follows the cart (after a purchase, a move or a removal).
    announceCartCount(cart.items.length);
  };
  const run = async (work: () => Promise<unknown>, points = usePoint, at: 'top' | 'checkout' = 'top') => {
    setBusy(true);
    setMessage(null);
    setCheckoutError(null);
    let failure: CheckoutError | null = null;
    try {
      await work();
    } catch (error) {
      if (error instanceof CheckoutRefused) failure = { code: error.code, message: error.message };
      else {
        const code = error instanceof ApiError ? error.errorCode : '';
        failure = { code, message: cartErrorCopy(code) };
      }
    }
    // The refusal shows with the cart as it is now (a new price, say), not before it.
    try {
      await reload(points);
    } finally {
      if (at === 'checkout') setCheckoutError(failure);
      else setMessage(failure?.message ?? null);
      setBusy(false);
    }
  };

  const checkout = () =>
    run(
      async () => {
        const points = payment === 'MANGA_COIN' ? 0 : usePoint;
        const items = data.cart.items.filter((i) => i.validFlg);
        // A bundle line stands for all its books.
        const bookIds = items.flatMap((i) => (i.cartType === 'BUNDLE' ? i.bundleBooks : [i.bookId]));
        // A card goes to the provider (the sandbox's card endpoint, or Stripe through its Payment Element); the order carries only its id.
        const byStripe = payment === 'creditcard' && stripe !== null;
        // Nothing left to pay after the coupon and points: Stripe takes no card for 0 yen; the store completes the order at once.
        const free = byStripe && data.cart.totalAmount - points <= 0;
        const cardId =
          payment !== 'creditcard' || free ? undefined : byStripe ? await stripePaymentMethod(stripePay) : (await takeCard(card)).cardId;
        const result = await orderCart({
          usePoint: points,
          salePrice: data.cart.salePrice,
          bookIds,
          paymentType: payment,
          ...(cardId ? { cardId } : {}),
          ...(isProviderMethod(payment) ? { returnUrl: '/cart?ref=payment' } : {}),
        });
        if ('orderStatus' in result.results && byStripe) {
          // Stripe: 3-D Secure in Stripe's frame when the bank asks, then the order as the store settles it.
          const pending = result.results;
          setConfirming(true);
          try {
            const authenticated = pending.clientSecret ? await stripePay!.nextAction(pending.clientSecret) : true;
            const order = await settledCartOrder(pending.orderId);
            if (order.status !== 'COMPLETE') {
              if (!authenticated) throw new CheckoutRefused('AUTHENTICATION_FAILED', cartPayCopy('stripe.authFailed'));
              if (order.status === 'PROCESSING') throw new CheckoutRefused('PROCESSING', cartPayCopy('stripe.pending'));
              throw new CheckoutRefused(order.failureCode ?? order.status, cartErrorCopy('CART_PAYMENT_FAILED'));
            }
            setBought(items.map((i) => ({ bookId: i.bookId, name: i.name })));
            // Its tickets were granted when Stripe's word came, after the order's answer: asked for now.
            setEarned(await orderLotteryCampaigns(order.orderId).catch(() => []));
            setCharged({
              totalPrice: data.cart.salePrice,
              discount: data.cart.totalDiscount,
              usePoint: points,
              payPrice: order.payPrice,
              payment,
            });
            setUsePoint(0);
            return;
          } finally {
            setConfirming(false);
          }
        }
        if ('orderStatus' in result.results) {
          // Carrier and wallet payments are decided on the provider's page, which comes back here.
          setMessage(cartPayCopy('redirecting'));
          window.location.assign(result.results.confirmUrl);
          return new Promise<never>(() => undefined);
        }
        setBought(items.map((i) => ({ bookId: i.bookId, name: i.name })));
        const r = result.results;
        setEarned(r.userLotteryTickets.map((t) => t.lotteryCampaignId));
        setCharged({ totalPrice: r.totalPrice, discount: r.discount, usePoint: r.usePoint, payPrice: r.payPrice, payment });
        setUsePoint(0);
        setCard(emptyPaymentCard);
      },
      0,
      'checkout',
    );

  const { cart } = data;
  return (
    <div className={styles.layout}>
      <div className={styles.lists}>
        {message && (
          <p className={styles.alert} role="alert">
            {message}
          </p>
        )}
        {bought && <BoughtList items={bought} charged={charged} />}
        {bought && <LotteryEarned campaignIds={earned} />}
        <h2 className={styles.subheading}>{cartCopy('active', { count: cart.items.length })}</h2>
        {cart.items.length === 0 ? (
          <p className={styles.empty}>{cartCopy('empty')}</p>
        ) : (
          <ul className={styles.items}>
            {cart.items.map((item) => (
              <CartItemRow
                key={item.cartId}
                item={item}
                busy={busy}
                onMove={(i) => run(() => api.moveToLater(i.cartId))}
                onRemove={(i) => run(() => api.removeFromCart(i.cartId))}
              />
            ))}
          </ul>
        )}
        <h2 className={styles.subheading}>{cartCopy('later', { count: data.later.length })}</h2>
        {data.later.length === 0 ? (
          <p className={styles.empty}>{cartCopy('laterEmpty')}</p>
        ) : (
          <ul className={styles.items}>
            {data.later.map((item) => (
              <CartItemRow
                key={item.cartId}
                item={item}
                busy={busy}
                onMove={(i) => run(() => api.moveToCart(i.cartId))}
                onRemove={(i) => run(() => api.removeFromCart(i.cartId))}
              />
            ))}
          </ul>
        )}
      </div>
      {cart.items.length > 0 && (
        <OrderPanel
          cart={cart}
          coupons={data.coupons}
          usePoint={usePoint}
          payment={payment}
          card={card}
          onCard={setCard}
          methods={methods}
          stripe={stripe}
          onStripePay={setStripePay}
          stripeReady={stripePay !== null}
          confirming={confirming}
          busy={busy}
          checkoutError={checkoutError}
          onCoupon={(id) => {
            // 使わない is the member's choice: the cart stops applying the best coupon by itself.
            api.declineCoupons(id === null);
            void run(() => (id === null ? api.removeCoupon() : api.setCoupon(id)));
          }}
          onUsePoint={(points) => {
            setUsePoint(points);
            void run(async () => undefined, points);
          }}
          onPayment={(choice) => {
            setPayment(choice);
            if (choice === 'MANGA_COIN' && usePoint > 0) {
              setUsePoint(0);
              void run(async () => undefined, 0);
            }
          }}
          onCheckout={() => void checkout()}
        />
      )}
      {cart.items.length > 0 && cart.myMangaCoin < cart.totalAmount && cart.myCoin < cart.totalAmount && (
        <CoinShopLink className={styles.link}>{cartCopy('coinShop')}</CoinShopLink>
      )}
    </div>
  );
}

/** The PaymentMethod of the card in Stripe's Payment Element, or the refusal of its fields in Stripe's words. */
async function stripePaymentMethod(pay: StripePay | null): Promise<string> {
  if (!pay) throw new CheckoutRefused('STRIPE_NOT_READY', cartPayCopy('stripe.invalid', { reason: cartPayCopy('stripe.incomplete') }));
  const made = await pay.paymentMethod();
  if ('error' in made)
    throw new CheckoutRefused('STRIPE_INVALID', cartPayCopy('stripe.invalid', { reason: made.error ?? cartPayCopy('stripe.incomplete') }));
  return made.id;
}

type Bought = { bookId: number; name: string };
/** A refused order: its §8 code and what the member reads. */
export type CheckoutError = { code: string; message: string };
/** What the order charged (its response), shown with the books bought. */
type Charged = { totalPrice: number; discount: number; usePoint: number; payPrice: number; payment: PaymentChoice };

function BoughtList({ items, charged }: { items: Bought[]; charged: Charged | null }) {
  return (
    <section className={styles.done} role="status">
      <h2 className={styles.subheading}>{cartCopy('done')}</h2>
      {charged && (
        <dl className={styles.totals} data-testid="cart-charged">
          <dt>{cartCopy('totals.salePrice')}</dt>
          <dd>{formatAmount(charged.totalPrice)}円</dd>
          <dt>{cartCopy('totals.discount')}</dt>
          <dd>-{formatAmount(charged.discount)}円</dd>
          <dt>{cartCopy('totals.usePoint')}</dt>
          <dd>{charged.usePoint > 0 ? `-${formatAmount(charged.usePoint)}` : 0}pt</dd>
          <dt className={styles.amount}>{cartCopy('charged.paid')}</dt>
          <dd className={styles.amount}>
            {charged.payment === 'MANGA_COIN' || charged.payment === 'COIN'
              ? cartCopy(`charged.${charged.payment}`, { amount: formatAmount(charged.payPrice) })
              : cartCopy('charged.yen', { amount: formatAmount(charged.payPrice) })}
          </dd>
        </dl>
      )}
      <ul className={styles.boughtList}>
        {items.map((i) => (
          <li key={i.bookId}>
            {i.name}{' '}
            <a href={`/viewer?cid=${i.bookId}`} className={styles.read}>
              {cartCopy('read')}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
