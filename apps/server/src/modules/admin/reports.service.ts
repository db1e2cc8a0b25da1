import { type SalesReport, type SalesRow, type UnusedBalanceReport } from '@hondana/domain/admin/admin-api';
import type { CoinPackSalesReport, CoinPackSalesRow, TopTitlesReport } from '@hondana/domain/admin/admin-serials-api';
import { tokyoDay, tokyoMinuteToInstant } from '@hondana/domain/common/time';
import { type Currency, currencyLabels } from '@hondana/domain/wallet/wallet-lots';
import { type CoinPaymentMethod, coinPaymentMethodLabels, paymentTypeOfMethod } from '@hondana/domain/wallet/wallet-payments';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { unusedPaidBalance } from '../wallet/reports';
import { toCsv } from './csv-reply';
import { COIN_ORDER_KINDS, bookOrderItems, coinSalesByPaymentType } from './reports.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const COIN_PAYMENTS = new Set(['MANGA_COIN', 'COIN']);

type Item = Awaited<ReturnType<typeof bookOrderItems>>[number];

/** Splits an order's amount over its items in proportion to their prices (the last takes the remainder). */
function split(amount: number, items: Item[]): number[] {
  const total = items.reduce((s, i) => s + i.price, 0);
  if (total === 0) return items.map((_, n) => (n === items.length - 1 ? amount : 0));
  let given = 0;
  return items.map((item, n) => {
    const share = n === items.length - 1 ? amount - given : Math.floor((amount * item.price) / total);
    given += share;
    return share;
  });
}

/**
 * Sales of completed book orders between two Tokyo days (inclusive), by day or by title.
 * A cancelled order is not a sale. Amounts are what members paid (after coupons).
 */
export async function salesReport(db: Kysely<Database>, q: { from: string; to: string; by: 'day' | 'title' }): Promise<SalesReport> {
  const from = tokyoMinuteToInstant(`${q.from}T00:00`)!;
  const to = tokyoMinuteToInstant(`${q.to}T00:00`)! + DAY_MS;
  const items = await bookOrderItems(db, from, to);
  const byOrder = new Map<number, Item[]>();
  for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
  const rows = new Map<string, SalesRow & { orderIds: Set<number> }>();
  const row = (key: string, label: string) => {
    let r = rows.get(key);
    if (!r) rows.set(key, (r = { key, label, orders: 0, books: 0, yen: 0, coins: 0, points: 0, freeBooks: 0, orderIds: new Set() }));
    return r;
  };
  for (const orderItems of byOrder.values()) {
    const first = orderItems[0]!;
    const paid = split(first.total_price, orderItems);
    const points = split(first.use_point, orderItems);
    orderItems.forEach((item, n) => {
      const r =
        q.by === 'day'
          ? row(tokyoDay(Number(first.created_at)), tokyoDay(Number(first.created_at)))
          : row(String(item.titleId), item.titleName);
      r.orderIds.add(item.orderId);
      r.books += 1;
      if (COIN_PAYMENTS.has(first.payment_type)) r.coins += paid[n]!;
      else if (first.payment_type !== 'FREE' && first.payment_type !== 'POINT') r.yen += paid[n]!;
      r.points += points[n]!;
      if (first.payment_type === 'FREE') r.freeBooks += 1;
    });
  }
  const list = [...rows.values()].map(({ orderIds, ...r }) => ({ ...r, orders: orderIds.size }));
  list.sort((a, b) => (q.by === 'day' ? a.key.localeCompare(b.key) : b.yen + b.coins - (a.yen + a.coins) || Number(a.key) - Number(b.key)));
  const total: SalesRow = {
    key: 'total',
    label: '合計',
    orders: byOrder.size,
    books: items.length,
    yen: 0,
    coins: 0,
    points: 0,
    freeBooks: 0,
  };
  for (const r of list) {
    total.yen += r.yen;
    total.coins += r.coins;
    total.points += r.points;
    total.freeBooks += r.freeBooks;
  }
  return { rows: list, total };
}

/** The 資金決済法 unused paid balance at the end of a Tokyo day, as the wallet reports it. */
export const unusedBalanceReport = (db: Kysely<Database>, date: string): Promise<UnusedBalanceReport> => unusedPaidBalance(db, date);

export function unusedBalanceCsv(report: UnusedBalanceReport): string {
  return toCsv(
    ['基準日', '通貨', '未使用残高（枚）', '未使用残高（円）'],
    [
      ...report.byCurrency.map((c) => [report.referenceDate, currencyLabels[c.currency as Currency] ?? c.currency, c.coins, c.yen]),
      [report.referenceDate, '合計', '', report.totalYen],
    ],
  );
}

export function salesCsv(report: SalesReport, by: 'day' | 'title'): string {
  const header = [by === 'day' ? '日付' : '作品', '注文数', '冊数', '円', 'コイン', 'ポイント', '無料冊数'];
  const line = (r: SalesRow) => [r.label, r.orders, r.books, r.yen, r.coins, r.points, r.freeBooks];
  return toCsv(header, [...report.rows.map(line), line(report.total)]);
}

/** The titles that sold most between two Tokyo days (yen and coins paid, as the sales report by title counts them). */
export async function topTitlesReport(db: Kysely<Database>, q: { from: string; to: string; limit: number }): Promise<TopTitlesReport> {
  const { rows } = await salesReport(db, { from: q.from, to: q.to, by: 'title' });
  return {
    rows: rows
      .filter((r) => r.yen + r.coins > 0)
      .slice(0, q.limit)
      .map((r, n) => ({
        rank: n + 1,
        titleId: Number(r.key),
        name: r.label,
        orders: r.orders,
        books: r.books,
        yen: r.yen,
        coins: r.coins,
      })),
  };
}

export function topTitlesCsv(report: TopTitlesReport): string {
  return toCsv(
    ['順位', '作品ID', '作品', '注文数', '冊数', '円', 'コイン'],
    report.rows.map((r) => [r.rank, r.titleId, r.name, r.orders, r.books, r.yen, r.coins]),
  );
}

/**
 * Manga coins paid for between two Tokyo days: coin packs and subscriptions (their first payment
 * and every renewal, each an order of its own), per payment type: orders, yen, coins and bonus coins.
 */
export async function coinPackSalesReport(db: Kysely<Database>, q: { from: string; to: string }): Promise<CoinPackSalesReport> {
  const from = tokyoMinuteToInstant(`${q.from}T00:00`)!;
  const to = tokyoMinuteToInstant(`${q.to}T00:00`)! + DAY_MS;
  const rows = (await coinSalesByPaymentType(db, from, to)).map((r) => ({
    source: COIN_ORDER_KINDS[r.kind as keyof typeof COIN_ORDER_KINDS],
    paymentType: r.payment_type,
    orders: Number(r.orders),
    yen: Number(r.yen ?? 0),
    coins: Number(r.coins ?? 0),
    bonus: Number(r.bonus ?? 0),
  }));
  const none: CoinPackSalesRow = { source: 'total', paymentType: '合計', orders: 0, yen: 0, coins: 0, bonus: 0 };
  const total = rows.reduce(
    (t, r) => ({ ...t, orders: t.orders + r.orders, yen: t.yen + r.yen, coins: t.coins + r.coins, bonus: t.bonus + r.bonus }),
    none,
  );
  return { rows, total };
}

/** The payment type's Japanese name, as the shop shows it (the CSV is read by people too). */
const paymentTypeLabels = new Map<string, string>(
  (Object.entries(paymentTypeOfMethod) as [CoinPaymentMethod, string][]).map(([method, type]) => [type, coinPaymentMethodLabels[method]]),
);
const sourceLabels: Record<CoinPackSalesRow['source'], string> = { pack: 'コインパック', subscription: '定期購入', total: '' };

export function coinPackSalesCsv(report: CoinPackSalesReport): string {
  const line = (r: CoinPackSalesRow) => [
    sourceLabels[r.source],
    paymentTypeLabels.get(r.paymentType) ?? r.paymentType,
    r.orders,
    r.yen,
    r.coins,
    r.bonus,
  ];
  return toCsv(['種類', '支払い方法', '注文数', '円', 'コイン', 'ボーナスコイン'], [...report.rows.map(line), line(report.total)]);
}
