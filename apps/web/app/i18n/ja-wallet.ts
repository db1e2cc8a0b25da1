/**
 * Japanese copy of the coin shop, wallet, payments history, the 資金決済法 page and the purchase
 * UI (issue 5). Kept out of `ja` on purpose: `ja` ships in the i18n chunk of every page, and the
 * series page is within ~3 kB of its JS budget (≤120 kB gzip). This copy loads only with the
 * routes and the lazily loaded purchase UI that import it; `walletCopy` reads it the same way
 * `i18n.t` reads `ja` (nested keys, `{{name}}` interpolation). The few strings the series page
 * renders before any click are in `ja-wallet-entry.ts`, which is part of `ja`.
 */
export const jaWallet = {
  shop: {
    title: 'マンガコイン購入',
    description: 'マンガコインを購入して、本棚のマンガ・電子書籍を読めます。',
    heading: 'マンガコインを購入',
    balance: '所持マンガコイン',
    paymentTypes: 'お支払い方法',
    packs: 'コインパック',
    bonus: '+ボーナス{{bonus}}',
    bonusPoint: '+{{point}}pt',
    price: '{{price}}円（税込）',
    popular: '人気',
    bargain: 'お得',
    goodValue: 'いちばんお得',
    limit: 'お一人様{{limit}}回まで（残り{{count}}回）',
    soldOut: '購入上限に達しました',
    buy: '購入する',
    loginToBuy: 'ログインして購入',
    empty: 'この支払い方法で購入できるコインパックはありません。',
    law: '資金決済法に基づく表示',
    noRefund: '購入したコインの払い戻し（現金への換金）はできません。',
    wallet: 'コイン明細を見る',
  },
  checkout: {
    heading: '{{coin}}マンガコイン（{{price}}円）を購入',
    card: 'クレジットカード情報',
    number: 'カード番号',
    expiry: '有効期限（MM/YY）',
    cvc: 'セキュリティコード',
    holder: 'カード名義（任意）',
    pay: '{{price}}円を支払う',
    payCarrier: '{{method}}で支払う',
    cancel: 'キャンセル',
    processing: '処理中…',
    sandboxTitle: 'サンドボックス（テスト環境）',
    sandboxBody: '実際の請求は発生しません。次のテストカードを使えます（有効期限は未来の月、セキュリティコードは任意の3桁）。',
    cardSuccess: '成功',
    cardDeclined: '利用不可（カード会社により拒否）',
    cardUnsupported: '取り扱いのないブランド',
    cardLimit: '利用限度額超過',
    carrierNote: '{{method}}の確認ページに移動します。承認またはキャンセルすると、このページに戻ります。',
    completed: '{{coin}}マンガコインを購入しました。',
    completedBonus: 'ボーナス{{bonus}}マンガコイン・{{point}}ptも付与されました。',
    cancelled: 'お支払いはキャンセルされました。コインは付与されていません。',
    failed: 'お支払いができませんでした（{{reason}}）。コインは付与されていません。',
    pending: 'お支払いの確認中です。しばらくしてから再度ご確認ください。',
  },
  paymentErrors: {
    DECLINED_CARD: 'カード会社により決済が拒否されました',
    UNSUPPORTED_CARD: 'このカードブランドはご利用いただけません',
    USER_CREDIT_CARD_LIMIT_EXCEEDED: 'カードの利用限度額を超えています',
    CLIENT_ERROR: 'カード情報に誤りがあります',
    INVALID_COIN_SALES_ID: 'このコインパックは現在購入できません',
    POSSESSION_LIMIT: 'このコインパックの購入上限に達しています',
    COIN_POSESSION_OVER: 'コインの所持上限を超えるため購入できません',
    PAYMENT_MAINTENANCE: '決済サービスのメンテナンス中です',
    CANCEL: 'キャンセルされました',
    BAD_REQUEST: '入力内容をご確認ください',
    UNAUTHORIZED: 'ログインが必要です',
    default: '時間をおいて再度お試しください',
  },
  wallet: {
    title: 'コイン明細',
    description: 'マンガコインの残高、有効期限、利用履歴を確認できます。',
    heading: 'コイン明細',
    balance: 'マンガコイン残高',
    paid: '有償',
    bonus: '無償（ボーナス）',
    coin: 'コイン',
    point: 'ポイント',
    expiring: '{{days}}日以内に失効するマンガコイン',
    expiringAt: '{{date}}から順次失効',
    periods: '有効期限別の残高',
    expireDate: '有効期限',
    amount: '残高',
    history: '利用履歴',
    historyEmpty: '履歴はまだありません。',
    buyCoins: 'マンガコインを購入',
    payments: '購入履歴',
    kind: { GRANT: '付与', SPEND: '利用', EXPIRE: '失効', REFUND: '返還', ADJUST: '調整' },
    paidTag: '有償',
    bonusTag: '無償',
    expires: '有効期限 {{date}}',
  },
  payments: {
    title: '購入履歴',
    description: '本棚での作品とマンガコインの購入履歴です。',
    heading: '購入履歴',
    empty: '購入履歴はまだありません。',
    order: '注文番号 {{id}}',
    coinPack: 'マンガコイン {{coin}}（ボーナス{{bonus}}）',
    price: '{{price}}コイン',
    yen: '{{price}}円',
    points: '{{point}}pt獲得',
    status: {
      INCOMPLETE: '未完了',
      COMPLETE: '完了',
      PROCESSING: '処理中',
      DELIVERED: '完了',
      CANCEL: 'キャンセル',
      GRANT_ERROR: '付与エラー',
      PAYMENT_ERROR: '決済エラー',
      PURCHASE_RESULT_ERROR: '購入エラー',
    },
  },
  law: {
    title: '資金決済法に基づく表示',
    description: '本棚のマンガコイン（前払式支払手段）に関する資金決済法に基づく表示です。',
    failed: '表示内容を取得できませんでした。時間をおいて再度お試しください。',
    toShop: 'マンガコイン購入に戻る',
  },
  purchase: {
    dialogTitle: '購入する',
    selectorTitle: 'お支払い方法',
    method: { COIN: 'コイン', MANGA_COIN: 'マンガコイン' },
    held: '所持{{type}}: {{amount}}',
    price: '価格',
    priceValue: '{{price}}{{type}}',
    after: '購入後の残高: {{amount}}',
    next: '次へ',
    confirmTitle: '購入の確認',
    confirmBody: '{{title}}を{{price}}{{type}}で購入します。',
    read: '読む',
    addCoin: 'コインを追加',
    back: '戻る',
    close: '閉じる',
    short: '{{type}}が不足しています',
    shortDialog: '{{type}}が足りません。追加しますか？',
    payAmount: 'お支払い金額: {{amount}}',
    heldAmount: '所持{{type}}: {{amount}}',
    appealCoin: '{{coin}}マンガコイン（{{price}}円）で購入できます',
    appealCoupon: 'ボーナス{{bonus}}付き！{{coin}}マンガコインが{{price}}円',
    appealLink: 'コインパックを見る',
    points: 'ポイント内訳',
    pointsTitle: '獲得予定ポイント',
    pointsTotal: '合計 {{point}}pt',
    pointsLine: '{{name}}',
    pointsEmpty: '対象のポイントキャンペーンはありません。',
    longPress: '長押し購入',
    longPressHint: 'ボタンを長押しすると確認なしで購入します',
    longPressOverlay: '長押し購入では クーポンは適用されません',
    purchaseComplete: '購入が完了しました',
    buying: '購入しています…',
    toast: '{{type}}を{{amount}}使用しました',
    diffPrice: '価格が変更されました。最新の価格をご確認のうえ、もう一度お試しください。',
    alreadyBought: 'この作品はすでに購入済みです',
    adult: '年齢確認が必要です',
    failed: '購入できませんでした。時間をおいて再度お試しください。',
    loadFailed: '残高を取得できませんでした',
  },
  lastPage: {
    guestHeading: '続きを読むにはログイン',
    guestBody: 'ログインすると、この作品を購入して続きを読めます。',
    login: 'ログイン',
    signup: '無料会員登録',
    orderComplete: '購入が完了しました',
    readNow: '今すぐ読む',
    readInApp: 'アプリで読む',
    boughtHeading: '読了',
    nextVolume: '次の巻',
    readNext: '次の巻を読む',
    readFreeNext: '次の巻を無料で読む',
    buyNext: '次の巻を購入する',
    lastVolume: '最新刊まで読みました',
    toSeries: '作品ページへ',
    notBoughtHeading: '試し読みはここまでです',
    buyThis: 'この巻を購入する',
    message: {
      buyPrompt: '続きは購入してお楽しみください',
      waitForNewVolume: '新刊の配信をお待ちください',
      canPreOrder: '次の巻を予約できます',
      reserved: '次の巻を予約済みです',
    },
  },
} as const;

type KeyPaths<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : KeyPaths<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
export type WalletCopyKey = KeyPaths<typeof jaWallet>;

/** The copy at `key` with `{{name}}` replaced from `vars` (React escapes the result). */
export function walletCopy(key: WalletCopyKey, vars?: Record<string, string | number>): string {
  let node: unknown = jaWallet;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  const template = typeof node === 'string' ? node : key;
  if (!vars) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (match, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : match,
  );
}

/** A §8 payment error code as the member reads it. */
export function paymentErrorCopy(code: string | null | undefined): string {
  const table = jaWallet.paymentErrors as Record<string, string>;
  return (code && table[code]) || table.default!;
}
