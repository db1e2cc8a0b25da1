import { registerCopy } from './i18n';

/**
 * The wallet and orders copy that pages render before any click (the volume page's buy box, my
 * page's links). Part of `ja`, so it ships on every page: keep it to these few strings; the rest
 * is in `ja-wallet.ts`, loaded only with the pages that use it.
 */
const jaWalletEntry = {
  buy: '購入する',
  loginToBuy: 'ログインして購入',
  read: '読む',
  readFree: '無料で読む',
  owned: '購入済み',
  reserved: '予約済み',
  coinShop: 'マンガコイン購入',
  wallet: 'コイン明細',
  payments: '購入履歴',
} as const;

declare module './i18n' {
  interface AreaCopy {
    walletEntry: typeof jaWalletEntry;
  }
}

registerCopy('walletEntry', jaWalletEntry);
