import type {
  AppealMappingResponse,
  CartAppealResponse,
  CoinHighlight,
  DisplayScene,
  GoodValueResponse,
  MangaCoinItem,
  MangaCoinItemsResponse,
} from '@hondana/domain/wallet/wallet-api';
import { showsCouponAppeal } from '@hondana/domain/wallet/wallet-lots';
import type { CoinPaymentMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema';
import type { MangaCoinItemsTable } from '../../db/wallet-schema';
import { cartView } from '../cart/cart-view';
import { activeCoinItems, coinItemPurchaseCounts } from './coin-packs.repository';

type ItemRow = Selectable<MangaCoinItemsTable>;

/** Coin packs sold with `method`, optionally only in `scenes`, in shop order. */
async function itemRows(db: Kysely<Database>, method: CoinPaymentMethod, scenes: readonly string[] = []): Promise<ItemRow[]> {
  const rows = await activeCoinItems(db, scenes);
  return rows.filter((r) => r.payment_methods.split(',').includes(method));
}

/** How many times the member bought each limited pack (completed or awaiting confirmation). */
async function purchasedCounts(db: Kysely<Database>, userId: number | null): Promise<Map<number, number>> {
  if (userId === null) return new Map();
  return coinItemPurchaseCounts(db, userId);
}

function toItem(row: ItemRow, bought: number): MangaCoinItem {
  return {
    id: row.id,
    coin: row.coin,
    taxIncludedPrice: row.tax_included_price,
    bonus: row.bonus,
    bonusPoint: row.bonus_point,
    limit: row.purchase_limit,
    purchasableCount: row.purchase_limit === null ? null : Math.max(0, row.purchase_limit - bought),
    highlight: row.highlight as CoinHighlight,
    displayScene: row.display_scene as DisplayScene,
    couponAppeal: showsCouponAppeal(row.bonus, row.coin),
  };
}

/** `/manga_coin/items/v3`. */
export async function items(
  db: Kysely<Database>,
  userId: number | null,
  method: CoinPaymentMethod,
  scenes: readonly string[],
): Promise<MangaCoinItemsResponse> {
  const [rows, counts] = await Promise.all([itemRows(db, method, scenes), purchasedCounts(db, userId)]);
  return { paymentType: method, items: rows.map((r) => toItem(r, counts.get(r.id) ?? 0)) };
}

/** Coins (with bonus) per yen: what makes a pack good value. */
const valueOf = (r: ItemRow) => (r.coin + r.bonus) / r.tax_included_price;

/** `/manga_coin/good_value`: the unlimited shop pack with the most coins per yen for the method. */
export async function goodValue(db: Kysely<Database>, method: CoinPaymentMethod): Promise<GoodValueResponse> {
  const rows = (await itemRows(db, method, ['shop'])).filter((r) => r.purchase_limit === null);
  const best = rows.reduce<ItemRow | null>((b, r) => (b === null || valueOf(r) > valueOf(b) ? r : b), null);
  return {
    paymentType: method,
    goodValueFlg: best !== null && best.bonus > 0,
    item: best && {
      id: best.id,
      coin: best.coin,
      bonus: best.bonus,
      bonusPoint: best.bonus_point,
      taxIncludedPrice: best.tax_included_price,
    },
  };
}

/**
 * `/manga_coin/appeal_mapping`: for a shortage, the cheapest viewer pack that covers it. Each
 * mapping covers shortages up to its pack's coins plus bonus.
 */
export async function appealMapping(db: Kysely<Database>, method: CoinPaymentMethod): Promise<AppealMappingResponse> {
  const rows = await itemRows(db, method, ['viewer']);
  const sorted = [...rows].sort((a, b) => a.tax_included_price - b.tax_included_price);
  return { paymentType: method, mappings: sorted.map((r) => ({ coverUpTo: r.coin + r.bonus, item: toItem(r, 0) })) };
}

/**
 * `/manga_coin/cart_appeal`: how many coins the member's cart lacks and the cheapest pack that
 * covers it, from the cart's own preview (coupons and invalid items as the cart counts them).
 */
export async function cartAppeal(
  db: Kysely<Database>,
  member: { userId: number; adultChecked: boolean },
  method: CoinPaymentMethod,
  now: number,
): Promise<CartAppealResponse> {
  const cart = await cartView(db, member, { usePoint: 0, allUsePoint: false }, now);
  const shortage = Math.max(0, cart.totalAmount - cart.myMangaCoin);
  let item: MangaCoinItem | null = null;
  if (shortage > 0) {
    const [cartPacks, viewerPacks, counts] = await Promise.all([
      itemRows(db, method, ['cart']),
      itemRows(db, method, ['viewer']),
      purchasedCounts(db, member.userId),
    ]);
    const covering = (rows: ItemRow[]) =>
      rows
        .map((r) => toItem(r, counts.get(r.id) ?? 0))
        .filter((i) => i.coin + i.bonus >= shortage && i.purchasableCount !== 0)
        .sort((a, b) => a.taxIncludedPrice - b.taxIncludedPrice)[0] ?? null;
    item = covering(cartPacks) ?? covering(viewerPacks);
  }
  return {
    paymentType: method,
    cartAmount: cart.totalAmount,
    mangaCoin: cart.myMangaCoin,
    shortage,
    appeal: item === null ? 'NONE' : item.couponAppeal ? 'COUPON' : 'COIN',
    item,
  };
}
