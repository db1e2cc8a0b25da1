import type { TableOwners } from './table-owners';
import type { Generated } from 'kysely';

/**
 * Tables of the wallet, created by migration 2026-11-22T0500-wallet. Instants are epoch
 * milliseconds; amounts are integers; flags 0/1.
 */
type Millis = number;

/** One grant of COIN, MANGA_COIN or POINT: what was granted, what remains, until when. */
export interface WalletLotsTable {
  id: Generated<number>;
  user_id: number;
  /** Currency of `@hondana/domain/wallet/wallet-lots`. */
  currency: string;
  amount: number;
  /** 0 ≤ remaining ≤ amount (a CHECK constraint): spends are conditional updates on it. */
  remaining: number;
  /** 1 for coins paid for (a prepaid payment instrument), 0 for bonus coins and points. */
  paid: 0 | 1;
  /** Yen paid for the whole lot (paid lots), 0 otherwise. */
  yen_value: number;
  issued_at: Millis;
  expires_at: Millis;
  /** Set when its EXPIRE entry is written (remaining becomes 0 then). */
  expired_at: Millis | null;
  order_id: number | null;
  campaign_id: number | null;
}

/** Append-only: every change of a lot's remaining amount, written in the transaction of its cause. */
export interface WalletLedgerTable {
  id: Generated<number>;
  user_id: number;
  currency: string;
  lot_id: number;
  /** LedgerKind: GRANT, SPEND, EXPIRE, REFUND, ADJUST. */
  kind: string;
  /** Signed change of the lot's remaining amount. */
  amount: number;
  order_id: number | null;
  reason: string;
  created_at: Millis;
}

/** Coin packs of the coin shop (§3 Manga coin item). */
export interface MangaCoinItemsTable {
  id: Generated<number>;
  coin: number;
  tax_included_price: number;
  bonus: number;
  bonus_point: number;
  /** Purchases per member, null for no limit. */
  purchase_limit: number | null;
  highlight: string;
  display_scene: string;
  /** Comma-separated CoinPaymentMethods the pack is sold with. */
  payment_methods: string;
  sort_order: number;
  active: 0 | 1;
  /** Bumped by every console edit (migration 2026-11-28T1020-console-commerce). */
  version: Generated<number>;
}

/** The sandbox payment provider's own record of a carrier or wallet payment awaiting the member. */
export interface SandboxPaymentsTable {
  ref: string;
  order_id: number;
  method: string;
  amount_yen: number;
  /** PENDING, APPROVED or CANCELLED. */
  status: string;
  return_url: string;
  created_at: Millis;
  decided_at: Millis | null;
}

/** `/manga_coin/pcb`: where a member comes back to after buying coins, until `/manga_coin/cb` hands it out. */
export interface CoinPurchaseReturnsTable {
  user_id: number;
  path: string;
  created_at: Millis;
}

export interface WalletTables {
  wallet_lots: WalletLotsTable;
  wallet_ledger: WalletLedgerTable;
  manga_coin_items: MangaCoinItemsTable;
  sandbox_payments: SandboxPaymentsTable;
  coin_purchase_returns: CoinPurchaseReturnsTable;
}

/** The area that writes each table (issue 43: another area's repository only reads it, as a listed view). */
export const walletTableOwners = {
  wallet_lots: 'ledger',
  wallet_ledger: 'ledger',
  manga_coin_items: 'admin',
  sandbox_payments: 'payments',
  coin_purchase_returns: 'wallet',
} as const satisfies TableOwners<WalletTables>;
