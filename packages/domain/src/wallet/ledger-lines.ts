/**
 * The Japanese line of every wallet ledger entry: the wallet and payment
 * history show it as is, so it names the book or episode and never carries code words. The
 * server writes it with the entry; `legacyLedgerLine` rewrites lines stored before.
 */

/** A bought book as its line names it: the title and the volume. */
export interface LedgerBook {
  titleName: string;
  vol: number;
}

const book = (b: LedgerBook) => `${b.titleName} ${b.vol}巻`;
const books = (list: readonly LedgerBook[]) =>
  list.length === 0 ? '本' : list.length === 1 ? book(list[0]!) : `${book(list[0]!)} ほか${list.length - 1}冊`;

export const ledgerLine = {
  /** Coins or points spent on books (one order): 「○○ 3巻 購入」, 「○○ 1巻 ほか2冊 購入」. */
  bookPurchase: (list: readonly LedgerBook[]) => `${books(list)} 購入`,
  /** Points a purchase earned under a campaign. */
  earnedPoints: (campaign: string, list: readonly LedgerBook[]) => `${campaign}（${books(list)} 購入）`,
  /** A serial episode rented with coins: 「○○ 第5話 レンタル」. */
  episodeRental: (serialName: string, episodeNumber: number) => `${serialName} 第${episodeNumber}話 レンタル`,
  coinPack: (orderId: number) => `マンガコイン購入 (注文${orderId})`,
  coinPackBonus: (orderId: number) => `マンガコイン購入特典 (注文${orderId})`,
  coinPackBonusPoints: (orderId: number) => `マンガコイン購入特典ポイント (注文${orderId})`,
  /** A pre-order bonus granted at the release. */
  preOrderBonus: (bonusName: string, list: readonly LedgerBook[]) => `${bonusName}（${books(list)} 予約特典）`,
  expired: '有効期限切れ',
  /** Spends given back when an order is cancelled or its payment failed. */
  refund: (orderId: number) => `注文${orderId} 取り消しによる返還`,
  /** Grants taken back when an order is cancelled. */
  revoke: (orderId: number) => `注文${orderId} 取り消しによる回収`,
  /** What a cancellation took back, given back when the provider later reports its refund failed. */
  refundFailed: (orderId: number) => `注文${orderId} 返金失敗による返還`,
  /** An operator's adjustment, with the operator's note. */
  support: (note: string) => `サポート対応: ${note}`,
} as const;

/**
 * Lines written before they were Japanese, rewritten without the names they lacked (the
 * migration uses the names where it can find them): null when `line` is not one of them.
 */
export function legacyLedgerLine(line: string): string | null {
  let m: RegExpExecArray | null;
  if ((m = /^serial episode (\d+) rental$/.exec(line))) return `連載 エピソード${m[1]} レンタル`;
  if ((m = /^bonus point: coin pack \(order (\d+)\)$/.exec(line))) return ledgerLine.coinPackBonusPoints(Number(m[1]));
  if ((m = /^bonus: coin pack \(order (\d+)\)$/.exec(line))) return ledgerLine.coinPackBonus(Number(m[1]));
  if ((m = /^coin pack \(order (\d+)\)$/.exec(line))) return ledgerLine.coinPack(Number(m[1]));
  if ((m = /^order (\d+)$/.exec(line))) return `注文${m[1]} 購入`;
  if ((m = /^cancel: .*$/.exec(line))) return '注文取り消し';
  if ((m = /^order (\d+): [A-Z_]+$/.exec(line))) return ledgerLine.refund(Number(m[1]));
  if ((m = /^(.*) \(pre-order (\d+)\)$/.exec(line))) return `${m[1]}（予約 注文${m[2]}）`;
  if ((m = /^(.*) \(order (\d+)\)$/.exec(line))) return `${m[1]}（注文${m[2]}）`;
  if ((m = /^support: (.*)$/.exec(line))) return ledgerLine.support(m[1]!);
  if (line === 'expired') return ledgerLine.expired;
  return null;
}
