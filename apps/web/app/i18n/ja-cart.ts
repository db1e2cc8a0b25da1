import { copyLookup } from './i18n';

/**
 * Japanese copy of the cart. Like `ja-wallet.ts`, kept out of `ja` so that it loads only
 * with `/cart` and the lazily loaded cart button, not in every page's i18n chunk.
 */
const jaCart = {
  title: 'カート',
  description: 'カートの商品をまとめて購入できます。',
  heading: 'カート',
  active: 'カートの商品（{{count}}点）',
  later: 'あとで買う（{{count}}点）',
  empty: 'カートに商品はありません。',
  laterEmpty: 'あとで買う商品はありません。',
  moveLater: 'あとで買う',
  moveBack: 'カートに戻す',
  remove: '削除',
  price: '{{price}}円',
  regularPrice: '通常価格 {{price}}円',
  points: '+{{point}}pt',
  addToCart: 'カートに追加',
  viewCart: 'カートを見る',
  added: 'カートに追加しました',
  guestHeading: 'ログインしていません',
  guestCount: 'カートに{{count}}冊あります。ログインすると購入できます。',
  loginToBuy: 'ログインしてカートを見る',
  loading: '読み込み中…',
  guestCoupon: { limit: '無料会員登録で最大{{limit}}冊まで', close: '閉じる' },
  guestList: { heading: 'カートの商品', total: '合計 {{price}}円', couponPrice: '{{label}} {{price}}円', remove: '削除' },
  coupon: {
    heading: 'クーポン',
    none: 'クーポンを使わない',
    option: '{{name}}（-{{discount}}円）',
    optionUnusable: '{{name}}（利用不可）',
    suggested: 'おすすめ: {{name}}で{{discount}}円お得',
    apply: 'このクーポンを使う',
    best: 'いちばんお得',
    discount: '-{{discount}}円',
    remove: 'クーポンを外す',
    noneApplicable: 'このカートに使えるクーポンはありません（保有 {{held}}枚）',
    noneHeld: '使えるクーポンはありません',
    /** A coupon this cart is too small for yet (issue 34 item 13). */
    pending: 'あと{{shortfall}}円で使えます（{{min}}円以上のお買い物で利用可）',
    pendingTag: 'まだ使えません',
  },
  /** A member's coupon price on a volume page (issue 34 item 2). */
  bookCoupon: {
    terms: '{{name}}・カートで購入するとこの価格になります',
    buyInCart: 'カートで購入',
  },
  point: {
    heading: 'ポイント利用',
    label: '利用するポイント',
    hint: '保有 {{held}}pt・{{min}}〜{{max}}ptの範囲で利用できます',
    all: 'すべて使う',
    clear: '使わない',
    noneHeld: '保有ポイントはありません',
    notWithMangaCoin: '保有 {{held}}pt・ポイントはコインやクレジットカードなどでのお支払いに使えます（マンガコインとは併用できません）',
  },
  totals: {
    heading: 'ご注文内容',
    salePrice: '商品合計（税込）',
    discount: 'クーポン割引',
    usePoint: 'ポイント利用',
    amount: 'お支払い（税込）',
    earned: '獲得予定ポイント',
    balance: '所持マンガコイン {{mangaCoin}}・コイン {{coin}}',
  },
  payment: { heading: 'お支払い方法', MANGA_COIN: 'マンガコイン', COIN: 'コイン' },
  checkout: {
    MANGA_COIN: '購入する {{amount}}マンガコイン',
    COIN: '購入する {{amount}}コイン',
    yen: '{{amount}}円を支払って購入する',
  },
  buying: '購入しています…',
  done: '購入が完了しました',
  charged: { paid: 'お支払い', MANGA_COIN: '{{amount}}マンガコイン', COIN: '{{amount}}コイン', yen: '{{amount}}円' },
  read: '読む',
  coinShop: 'マンガコインを購入する',
  levels: { ERROR: '購入できません', WARNING: 'ご確認ください' },
  itemErrors: {
    ALREADY_BOUGHT: '購入済みです',
    CHANGED_PRICE: '価格が変更されました',
    INVALID_ITEM: '販売が終了しました',
    ADULT_CHECK_REQUIRED: '年齢確認が必要です',
    DUPLICATE: 'カートに同じ商品があります',
  },
  errors: {
    DIFF_PRICE_REQUEST: '価格が変更されました。新しい価格を確認してください（購入されていません）。',
    DIFF_CART_ITEMS_REQUEST: 'カートの内容が変わりました。内容を確認してください（購入されていません）。',
    CART_NOT_ENOUGH_MANGA_COIN: 'マンガコインが足りません。',
    CART_NOT_ENOUGH_AMEBA_COIN: 'コインが足りません。',
    CART_NOT_ENOUGH_POINT: 'ポイントが足りません。',
    CART_NOT_USE_POINT_OVER_PRICE: 'お支払い金額を超えるポイントは使えません。',
    CART_INVALID_PAYMENT_TYPE: 'マンガコインのお支払いではポイントを使えません。',
    COUPON_INVALID: 'このクーポンは使えません。',
    COUPON_NOT_EXISTS: 'クーポンが見つかりません。',
    USER_COUPO_NOT_EXISTS: 'このクーポンはお持ちではありません。',
    CART_LIST_LIMIT_EXCEEDED: 'カートがいっぱいです。',
    CART_EMPTY: 'カートに商品がありません。',
    ALREADY_BUY: '購入済みの作品です。',
    EMAIL_NOT_CONFIRMED: 'メールアドレスの確認が済んでいないため購入できません。確認メールのリンクを開いてください。',
    fallback: 'うまくいきませんでした。時間をおいてお試しください。',
  },
} as const;

/** Reads `jaCart` the way `i18n.t` reads `ja` (nested keys, `{{name}}` interpolation). */
export const cartCopy = copyLookup(jaCart);

/** A §8 code as the member reads it. */
export const cartErrorCopy = (code: string): string => (jaCart.errors as Record<string, string>)[code] ?? jaCart.errors.fallback;
