import { formatAmount } from '@hondana/domain/common/format';
import type { CoinCallbackResponse, MangaCoinItem } from '@hondana/domain/wallet/wallet-api';
import { type CoinPaymentMethod, coinPaymentMethodLabels, coinShopPaymentMethods } from '@hondana/domain/wallet/wallet-payments';
import { useEffect, useState } from 'react';
import { Link, redirect, useLocation, useRevalidator } from 'react-router';
import { CoinIcon } from '../components/coin-icon';
import { Tabs } from '../components/tabs';
import { loginHref } from '../features/accounts/login-href';
import { ApiError } from '../lib/api/client';
import { coinPurchasesClosed, getCoinShop } from '../features/wallet/api/get-coin-shop';
import { getCoinPurchase, getUnsettledCoinPurchase, settledCoinPurchase } from '../features/wallet/api/purchase-coins';
import { takeCoinReturn } from '../features/wallet/api/coin-return';
import { CoinReturn } from '../features/wallet/components/coin-return';
import { ResponsiveDialog } from '../components/responsive-dialog';
import { Checkout } from '../features/wallet/components/checkout';
import { CoinPackList } from '../features/wallet/components/coin-pack-list';
import { type PurchaseOutcome, PurchaseResult, UnsettledPayment, outcomeOf } from '../features/wallet/components/purchase-result';
import styles from '../features/wallet/components/wallet.module.css';
import { walletCopy } from '../i18n/ja-wallet';
import { SubscriptionTeaser } from '../features/subscriptions/components/subscription-teaser';
import { pageMeta } from '../page-meta';
import type { Route } from './+types/mangacoin';

export const meta: Route.MetaFunction = () => pageMeta({ title: walletCopy('shop.title'), description: walletCopy('shop.description') });

const isMethod = (v: string | null): v is CoinPaymentMethod => (coinShopPaymentMethods as string[]).includes(v ?? '');

/**
 * `/mangacoin` (§2): coin packs per payment type, loaded in the browser (balances are the
 * member's own). The sandbox's confirmation page sends the member back here with
 * `?order_id=…&result=…`, and the order's real outcome is read from the server, not the URL.
 * Reached from a page short of coins (`?ref=pcb`, decision 028), a completed purchase asks `/cb`
 * for the balance and the page to go back to. A member who comes back another way (the back
 * button on the confirmation page) is told of the carrier payment left there (`unsettled`).
 * The tabs are the methods the store's payment provider offers (`/manga_coin/payment_config`);
 * Stripe sends the member back from PayPay with `redirect_status`, and the page waits a little
 * for Stripe's webhook to settle the order before it says what became of it.
 */
export async function clientLoader({ url }: Route.ClientLoaderArgs) {
  const query = url.searchParams;
  const paymentType = isMethod(query.get('payment_type')) ? (query.get('payment_type') as CoinPaymentMethod) : 'creditcard';
  const orderId = Number(query.get('order_id'));
  const returning = Number.isInteger(orderId) && orderId > 0;
  const fromStripe = query.has('redirect_status');
  const [shop, returned] = await Promise.all([getCoinShop(paymentType), returning ? returnedOutcome(orderId, fromStripe) : null]);
  // A method this provider does not offer (an old link): the shop's first tab.
  if (!shop.payment.methods.includes(paymentType)) throw redirect('/mangacoin');
  const coinReturn = fromPcb(query) && returned?.status === 'COMPLETE' ? await coinReturnOf() : null;
  const unsettled = !returning && shop.balance !== null ? await unsettledOf() : null;
  return { ...shop, returned, coinReturn, unsettled };
}
clientLoader.hydrate = true as const;

function shopHref(method: CoinPaymentMethod, pcb: boolean): string {
  const query = new URLSearchParams();
  if (method !== 'creditcard') query.set('payment_type', method);
  if (pcb) query.set('ref', 'pcb');
  return query.size > 0 ? `/mangacoin?${query}` : '/mangacoin';
}

const fromPcb = (query: URLSearchParams) => query.get('ref') === 'pcb';

/** `/cb` after a completed purchase; the shop's own banner stands if it cannot answer. */
async function coinReturnOf(): Promise<CoinCallbackResponse['results'] | null> {
  try {
    return (await takeCoinReturn()).results;
  } catch {
    return null;
  }
}

/** The carrier payment the member left on its page, if any; nothing is said when it cannot be read. */
async function unsettledOf() {
  try {
    return await getUnsettledCoinPurchase();
  } catch {
    return null;
  }
}

async function returnedOutcome(orderId: number, waitForStripe: boolean): Promise<PurchaseOutcome> {
  try {
    return outcomeOf(await (waitForStripe ? settledCoinPurchase(orderId, 10_000) : getCoinPurchase(orderId)));
  } catch (error) {
    return { status: 'UNKNOWN', failureCode: error instanceof ApiError ? error.errorCode : null };
  }
}

export function HydrateFallback() {
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('shop.heading')}</h1>
      <p className={styles.loading} aria-busy="true" />
    </div>
  );
}

export default function MangaCoinShop({ loaderData: d }: Route.ComponentProps) {
  const location = useLocation();
  const revalidator = useRevalidator();
  const [selected, setSelected] = useState<MangaCoinItem | null>(null);
  const [completed, setCompleted] = useState<PurchaseOutcome | null>(null);
  const [returnedHere, setReturnedHere] = useState<CoinCallbackResponse['results'] | null>(null);
  const outcome = completed ?? d.returned;
  const coinReturn = completed ? returnedHere : d.coinReturn;
  const pcb = fromPcb(new URLSearchParams(location.search));
  const member = d.balance !== null;
  const closed = coinPurchasesClosed(d.maintenanceMode);
  // Back from the provider's page by the browser's back button, the page may come from the
  // back-forward cache as it was left (the checkout busy): read it again instead.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      setSelected(null);
      void revalidator.revalidate();
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, [revalidator]);
  return (
    <div className={styles.page}>
      <h1 className={styles.heading}>{walletCopy('shop.heading')}</h1>
      {coinReturn ? (
        <CoinReturn result={coinReturn} />
      ) : outcome ? (
        <PurchaseResult outcome={outcome} />
      ) : (
        d.unsettled && <UnsettledPayment unsettled={d.unsettled} />
      )}
      {member && (
        <p className={styles.balance}>
          <span>{walletCopy('shop.balance')}</span>
          <CoinIcon size={20} />
          <strong data-testid="manga-coin-balance">{formatAmount(d.balance!.balance)}</strong>
          <Link to="/wallet/manga_coin">{walletCopy('shop.wallet')}</Link>
        </p>
      )}
      <Tabs
        wrap
        label={walletCopy('shop.paymentTypes')}
        tabs={d.payment.methods.map((m) => ({
          key: m,
          label: coinPaymentMethodLabels[m],
          // The way back (ref=pcb) stays with the shop across payment types.
          href: shopHref(m, pcb),
          current: m === d.paymentType,
        }))}
      />
      {closed ? (
        <section className={styles.notice} role="status" data-testid="coin-shop-closed">
          <h2 className={styles.closedHeading}>{walletCopy('shop.closedHeading')}</h2>
          <p>{walletCopy(d.maintenanceMode === 'coin' ? 'shop.closedBody' : 'shop.closedPay')}</p>
        </section>
      ) : (
        <>
          <SubscriptionTeaser from="mangacoin" paymentType={d.paymentType} />
          <h2 className="visually-hidden">{walletCopy('shop.packs')}</h2>
          <CoinPackList
            items={d.items}
            goodValue={d.goodValue}
            selectedId={selected?.id ?? null}
            loginTo={loginHref(location.pathname + location.search)}
            onBuy={member ? (item) => (setCompleted(null), setSelected(item)) : null}
          />
        </>
      )}
      {/* The card form opens in view — a bottom sheet on phones, a modal from the tablet width up. */}
      {selected && !closed && (
        <ResponsiveDialog open onOpenChange={(open) => !open && setSelected(null)} title={walletCopy('shop.heading')}>
          <Checkout
            key={`${selected.id}-${d.paymentType}`}
            item={selected}
            paymentType={d.paymentType}
            payment={d.payment}
            returnUrl={shopHref('creditcard', pcb)}
            onCancel={() => setSelected(null)}
            onWaiting={() => {
              // A konbini voucher: the shop says it waits (and until when) from now on.
              setSelected(null);
              void revalidator.revalidate();
            }}
            onCompleted={(r) => {
              setSelected(null);
              setReturnedHere(null);
              setCompleted({ status: 'COMPLETE', coin: r.coin, bonus: r.bonus, bonusPoint: r.bonusPoint });
              window.scrollTo({ top: 0 });
              void revalidator.revalidate();
              if (pcb) void coinReturnOf().then(setReturnedHere);
            }}
          />
        </ResponsiveDialog>
      )}
      <footer className={styles.legal}>
        <p>{walletCopy('shop.noRefund')}</p>
        <Link to="/law/payment_services">{walletCopy('shop.law')}</Link>
      </footer>
    </div>
  );
}
