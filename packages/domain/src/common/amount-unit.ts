/**
 * The one rule for an amount's unit (issue 34 item 4). The store counts four things and each
 * amount says which:
 * - 円: yen — list prices, the cart, card and carrier payments, coin packs;
 * - マンガコイン: the store's prepaid manga coins (1 = 1円) — books and episodes paid with them;
 * - コイン: the separate Ameba-style coin balance — books and episodes paid with it;
 * - pt: points — earned (即時還元, ポイント還元) and spent alongside coins or a card.
 * Kept free of zod and other imports: book tiles on every page use it.
 */
import { formatAmount } from './format';

export const AmountUnit = { YEN: 'YEN', MANGA_COIN: 'MANGA_COIN', COIN: 'COIN', POINT: 'POINT' } as const;
export type AmountUnit = (typeof AmountUnit)[keyof typeof AmountUnit];

/** How each unit is written after the number. */
const amountUnitLabel: Record<AmountUnit, string> = { YEN: '円', MANGA_COIN: 'マンガコイン', COIN: 'コイン', POINT: 'pt' };

/**
 * The unit an order's amount is counted in, from how it was paid (§9 payment types): manga
 * coins, coins and points are their own units; a card, a carrier or a wallet pays in yen, and so
 * does anything else (a free order's 0 is 0円).
 */
export function paymentUnit(paymentType: string): AmountUnit {
  if (paymentType === 'MANGA_COIN') return AmountUnit.MANGA_COIN;
  if (paymentType === 'COIN') return AmountUnit.COIN;
  if (paymentType === 'POINT') return AmountUnit.POINT;
  return AmountUnit.YEN;
}

/** An amount with its unit: 354円, 440マンガコイン, 40コイン, 5pt (§5 number formatting). */
export function formatIn(amount: number, unit: AmountUnit): string {
  return `${formatAmount(amount)}${amountUnitLabel[unit]}`;
}

/** An order's amount in the unit its payment counts in. */
export const formatPaid = (amount: number, paymentType: string): string => formatIn(amount, paymentUnit(paymentType));
