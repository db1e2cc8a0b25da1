import { copyLookup } from './i18n';

/**
 * Japanese copy of manga coin subscriptions: the page `/mangacoin/subscription`, its dialog and
 * the teaser on the coin shop, the wallet and the viewer's coin appeal. Read through
 * `subscriptionCopy`, like the wallet's copy, so it loads only with the code that shows it.
 */
const jaSubscriptions = {
  page: {
    title: 'マンガコイン定期購入',
    description: '毎月の更新日にマンガコインとボーナスコインをお届けする定期購入（月額コース）です。',
    heading: 'マンガコイン定期購入',
    lead: '毎月の更新日に自動でお支払いし、マンガコインとボーナスコインをお届けします。いつでも解約できます。',
    paymentTypes: 'お支払い方法',
    plans: 'コース一覧',
    loading: '読み込み中…',
    failed: '読み込めませんでした。時間をおいて再度お試しください。',
    empty: 'このお支払い方法で申し込めるコースはありません。',
    toShop: 'マンガコイン購入に戻る',
    wallet: 'コイン明細を見る',
    law: '資金決済法に基づく表示',
    notes:
      '更新日は毎月お申し込みの日です（その日がない月は月末）。解約すると次回の更新から止まり、付与済みのマンガコインはそのままお使いいただけます。有償マンガコインの有効期限は365日、ボーナスコインは90日です。',
  },
  plan: {
    perMonth: '{{price}}円／月',
    coin: '毎月{{coin}}マンガコイン',
    cycleBonus: '毎月ボーナス +{{bonus}}（{{percent}}%）',
    firstBonus: '初回ボーナス +{{bonus}}',
    secondBonus: '2回目ボーナス +{{bonus}}',
    popular: '人気',
    bargain: 'お得',
    goodValue: 'いちばんお得',
    subscribe: '{{price}}円／月で申し込む',
    loginToSubscribe: 'ログインして申し込む',
    current: 'ご契約中',
    busy: '他のコースを契約中',
  },
  appeal: {
    heading: 'いちばんお得なコース',
    body: '{{name}}なら毎月{{coin}}マンガコインに、ボーナス{{bonus}}マンガコイン（{{percent}}%）が付きます。',
    essentiallyFree: '初回は実質無料',
  },
  current: {
    heading: 'ご利用中のコース',
    status: { ENTRY: 'お手続き中', ACTIVE: '契約中', ERROR: 'お支払いエラー', CANCEL: '解約済み' },
    renewal: '次回更新日',
    retry: 'お支払いができませんでした。{{date}}にもう一度お支払いを試みます。',
    ended: '{{date}}まで（以降の更新はありません）',
    endedLabel: 'ご利用期間',
    coinsStay: '付与済みのマンガコインはそのままお使いいただけます。',
    entry: '{{method}}でのお手続きが完了していません。',
    paymentCount: 'お支払い回数',
    count: '{{count}}回',
    method: 'お支払い方法',
    card: '{{method}}（{{brand}} 末尾{{last4}}）',
    cancel: '解約する',
    confirmTitle: '定期購入を解約しますか？',
    confirmBody: '次回の更新日から、お支払いとマンガコインのお届けが止まります。付与済みのマンガコインはそのままお使いいただけます。',
    confirm: '解約する',
    keep: '解約しない',
    cancelled: '定期購入を解約しました。',
  },
  history: {
    heading: 'お支払い履歴',
    cycle: '回',
    date: '日付',
    amount: '金額',
    coins: 'お届けしたコイン',
    status: '状態',
    cycleLabel: '{{cycle}}回目',
    yen: '{{price}}円',
    coinsValue: '{{coin}}＋ボーナス{{bonus}}',
    none: '—',
    PAID: 'お支払い済み',
    DECLINED: 'お支払いできませんでした',
    PENDING: 'お手続き中',
    empty: 'まだお支払いはありません。',
  },
  dialog: {
    title: '定期購入のお申し込み',
    summary: '{{name}}：毎月{{coin}}マンガコイン',
    price: '月額 {{price}}円（税込）',
    firstGrant: '今回のお届け：{{coin}}マンガコイン＋ボーナス{{bonus}}マンガコイン',
    renewNote: '次回から毎月この日に{{price}}円を自動でお支払いします。いつでも解約できます。',
    pay: '{{price}}円を支払って申し込む',
    payCarrier: '{{method}}で申し込む（{{price}}円／月）',
    carrierNote: '{{method}}の確認ページに移動します。承認すると、このページに戻ります。',
    cancel: 'やめる',
    processing: '処理中…',
    failed: 'お申し込みできませんでした（{{reason}}）。',
    /** The card through Stripe's Payment Element (PAYMENT_PROVIDER=stripe). */
    stripeInvalid: 'カード情報をご確認ください（{{reason}}）。',
    stripeIncomplete: 'お支払い情報を入力してください',
    confirming: 'カード会社の確認を待っています…',
    authFailed: 'カードの本人認証（3Dセキュア）が完了しませんでした。お申し込みされていません。',
    pending: 'お支払いの確認に時間がかかっています。確認が取れると定期購入が始まり、マンガコインをお届けします。',
  },
  result: {
    subscribed: '定期購入を開始しました。{{coin}}マンガコインとボーナス{{bonus}}マンガコインをお届けしました。',
    toWallet: 'コイン明細で確認する',
    carrierCancelled: 'お手続きはキャンセルされました。お支払いとマンガコインのお届けはありません。',
    carrierFailed: 'お手続きができませんでした。お支払いとマンガコインのお届けはありません。',
    carrierPending: 'お手続きの結果を確認しています…',
    carrierSubscribed: 'お手続きが完了し、定期購入を開始しました。マンガコインとボーナスコインをお届けしました。',
  },
  errors: {
    SIMPLY_SUBSCRIBE_ERROR: 'コースの内容が変わったか、このお支払い方法では申し込めません。ページを再読み込みしてください',
    SIMPLY_UNSUBSCRIBE_ERROR: '解約できませんでした。ページを再読み込みしてください',
    SIMPLY_CREDIT_CARD_ERROR: 'このカードではお支払いできませんでした',
    DECLINED_CARD: 'カード会社により決済が拒否されました',
    UNSUPPORTED_CARD: 'このカードブランドはご利用いただけません',
    USER_CREDIT_CARD_LIMIT_EXCEEDED: 'カードの利用限度額を超えています',
    CLIENT_ERROR: 'カード情報に誤りがあります',
    INVALID_CARD_ID: 'カード情報が見つかりません',
    POSSESSION_LIMIT: 'すでに定期購入をご契約中です',
    COIN_POSESSION_OVER: 'マンガコインの所持上限を超えるため申し込めません',
    PAYMENT_MAINTENANCE: 'このお支払い方法は現在メンテナンス中です',
    BAD_REQUEST: '入力内容をご確認ください',
    REQUEST_TIMEOUT: '通信がタイムアウトしました',
    default: '時間をおいて再度お試しください',
  },
  teaser: {
    label: 'マンガコイン定期購入',
    mangaCoin: '定期購入なら毎月{{coin}}マンガコイン＋ボーナス{{bonus}}マンガコイン（{{percent}}%お得）',
    guest: 'マンガコインの定期購入なら毎月{{percent}}%のボーナス。ログインしてお申し込みいただけます',
    essentiallyFree: '初回は実質無料',
    link: '定期購入を見る',
  },
} as const;

export const subscriptionCopy = copyLookup(jaSubscriptions);

type ErrorKey = keyof typeof jaSubscriptions.errors;

/**
 * The reason of a refusal in Japanese: the §8 code, and for a refused card the provider's
 * reason the server names first in `messages` (`DECLINED_CARD: …`).
 */
export function subscriptionErrorCopy(errorCode: string | null, messages: readonly string[] = []): string {
  const cause = /^([A-Z_]+):/.exec(messages[0] ?? '')?.[1];
  const key = (errorCode === 'SIMPLY_CREDIT_CARD_ERROR' && cause && cause in jaSubscriptions.errors ? cause : errorCode) ?? 'default';
  return jaSubscriptions.errors[(key in jaSubscriptions.errors ? key : 'default') as ErrorKey];
}
