/**
 * What the purchase UI and the last page's commerce variants show (spec §2 "Last page, books",
 * §4 buy flow, long press, payment switch, confirm dialog; §5 shortage, long-press rule, coupon
 * versus coin appeal). Pure, so the book page and the viewer's last page share one answer.
 *
 * Which variant shows at all (guest, order-complete, bought, not-bought) and the bought message
 * are `lastPageChoice` and `boughtMessage` in `viewer/last-page.ts`; the rules of balances are in
 * `wallet/wallet-lots.ts` and `orders/orders.ts`. This file composes them for the purchase panel.
 */
import type { PointCampaignSummary } from '../campaigns/point-campaigns-api';
import { effectivePaymentType, longPressBuyAvailable } from './orders';
import { type BoughtMessage, type LastPageState, type LastPageVariant, boughtMessage, lastPageChoice } from '../viewer/last-page';
import { isShort, showsCouponAppeal } from '../wallet/wallet-lots';

/** §9 timers of the purchase UI. */
export const LONG_PRESS_FIRE_MS = 2050;
export const LONG_PRESS_PROGRESS_MS = 2000;
export const PURCHASE_TOAST_MS = 3000;
export const POST_PURCHASE_RELOAD_MS = 1000;

/** What a book is paid with from the purchase panel (§9 payment types the panel offers). */
export type SpendCurrency = 'COIN' | 'MANGA_COIN';

export interface Balances {
  coin: number;
  mangaCoin: number;
}

const balanceFor = (paymentType: SpendCurrency, balances: Balances): number =>
  paymentType === 'COIN' ? balances.coin : balances.mangaCoin;

interface PurchasePanelInput {
  /** Price in effect (coins). */
  price: number;
  balances: Balances;
  /** The member's default payment type, or what they picked in the selector. */
  paymentType: SpendCurrency;
  isFirstPurchase: boolean;
}

export interface PurchasePanel {
  /** After the §4 switch: COIN with a zero coin balance becomes MANGA_COIN. */
  paymentType: SpendCurrency;
  balance: number;
  /** §5 coin shortage: price greater than balance. */
  short: boolean;
  /** Coins missing to buy (0 when not short). */
  shortage: number;
  /** §4 confirm dialog: the shortage variant's button adds coin; otherwise it reads 読む. */
  confirm: 'addCoin' | 'read';
  /** §5: long press only when not the first purchase and the balance covers the price. */
  longPress: boolean;
  /** §4: the selector opens only if the member holds coins (otherwise manga coin is the only choice). */
  selectorEnabled: boolean;
}

export function purchasePanel({ price, balances, paymentType, isFirstPurchase }: PurchasePanelInput): PurchasePanel {
  const type = effectivePaymentType(paymentType, balances.coin) as SpendCurrency;
  const balance = balanceFor(type, balances);
  const short = isShort(price, balance);
  return {
    paymentType: type,
    balance,
    short,
    shortage: short ? price - balance : 0,
    confirm: short ? 'addCoin' : 'read',
    longPress: longPressBuyAvailable(isFirstPurchase, balance, price),
    selectorEnabled: balances.coin > 0,
  };
}

/**
 * §5 coupon versus coin appeal for the pack offered to cover a shortage: a pack whose bonus is
 * more than 0.3 of its coins is appealed as a coupon-like bargain, otherwise as plain coins.
 */
export const appealKind = (pack: { bonus: number; coin: number }): 'coupon' | 'coin' =>
  showsCouponAppeal(pack.bonus, pack.coin) ? 'coupon' : 'coin';

/** The cheapest pack whose coins plus bonus cover `shortage`, or null when none does. */
export function packCovering<T extends { coin: number; bonus: number; taxIncludedPrice: number }>(
  packs: readonly T[],
  shortage: number,
): T | null {
  let best: T | null = null;
  for (const pack of packs) {
    if (pack.coin + pack.bonus < shortage) continue;
    if (best === null || pack.taxIncludedPrice < best.taxIncludedPrice) best = pack;
  }
  return best;
}

/** The next volume as the bought page knows it (§3 Book, viewer state). */
export interface NextVolume {
  nextBookId: number | null;
  isNextBookBought: boolean;
  isNextBookFree: boolean;
  /** No later volume is released: the next one, if any, is a pre-order (its own link, §4 bought message). */
  isLatestVol?: boolean;
}

/**
 * §2 bought page, "next-volume or buy panel": no next volume gives the last-volume block (series
 * link); a bought next volume is read; a free one is granted (§4 free next book) and read;
 * otherwise the buy panel for it.
 */
export function nextVolumeAction(next: NextVolume): 'lastVolume' | 'readNext' | 'readFreeNext' | 'buyNext' {
  // A volume not released yet is neither read nor bought from here: the pre-order link offers it.
  if (!next.nextBookId || next.isLatestVol) return 'lastVolume';
  if (next.isNextBookBought) return 'readNext';
  if (next.isNextBookFree) return 'readFreeNext';
  return 'buyNext';
}

/** Where 'read in app' and 'read now' go (§2 order-complete page); cid is the viewer's book id. */
export const viewerHref = (bookId: number): string => `/viewer?cid=${bookId}`;

/** The book a last page shows and its next volume, as the commerce panels need them (§3 Book). */
export interface LastPageBook {
  id: number;
  title: string;
  vol: number;
  titleId: number;
  price: number;
  nextBookId: number | null;
  nextBookTitle: string | null;
  /** Price of the next volume in effect (coins); needed for its buy panel. */
  nextBookPrice: number | null;
  pointCampaign: PointCampaignSummary | null;
}

export interface LastPageCommerceInput extends LastPageState, NextVolume {
  hasSample: boolean;
  isLatestVol: boolean;
  isConcluded: boolean;
  hasReservableBook: boolean;
  /** possessionStatus of the next (reservable) volume is RESERVED. */
  reserved: boolean;
}

export interface LastPageCommerce {
  variant: LastPageVariant;
  /** The bought page's message (§4 "Bought message"); 'none' on other variants. */
  message: BoughtMessage;
  /** The bought page's next-volume or buy panel; null on other variants. */
  next: ReturnType<typeof nextVolumeAction> | null;
}

/** One answer for the viewer's last page (books): which commerce variant, its message and panel. */
export function lastPageCommerce(input: LastPageCommerceInput): LastPageCommerce {
  const variant = lastPageChoice(input);
  if (variant !== 'bought') return { variant, message: 'none', next: null };
  return { variant, message: boughtMessage(input), next: nextVolumeAction(input) };
}
