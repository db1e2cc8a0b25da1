import { copyLookup } from './i18n';
import { cartErrorCopy } from './ja-cart';

/**
 * Japanese copy of the cart's bundles and card/carrier payment. Loaded only with
 * `/cart`: kept apart from `ja-cart.ts`, which the lazily loaded cart button also reads.
 */
const jaCartPay = {
  bundle: 'セット（{{count}}冊）',
  bundleAdded: 'セットをカートに追加しました',
  payment: {
    creditcard: 'クレジットカード',
    carriers: 'キャリア決済・スマホ決済',
  },
  redirecting: 'お支払い画面に移動しています…',
  /** The card through Stripe's Payment Element (PAYMENT_PROVIDER=stripe). */
  stripe: {
    invalid: 'カード情報をご確認ください（{{reason}}）。購入されていません。',
    incomplete: 'お支払い情報を入力してください',
    confirming: 'カード会社の確認を待っています…',
    authFailed: 'カードの本人認証（3Dセキュア）ができませんでした。購入されていません。',
    pending: 'お支払いの確認に時間がかかっています。確認が取れると購入が完了し、本棚に追加されます。',
  },
  returned: {
    COMPLETE: '購入が完了しました',
    CANCEL: 'お支払いをキャンセルしました。カートの商品はそのまま残っています。',
    PAYMENT_ERROR: 'お支払いの期限が切れました。もう一度お試しください。',
    PROCESSING: 'お支払いの確認を待っています。',
    GRANT_ERROR: 'すでにお持ちの作品が含まれていたため、購入を取り消しました。',
    PURCHASE_RESULT_ERROR:
      '決済会社から購入結果のエラーが返されたため、購入を取り消しました（請求はされません）。カートの商品はそのまま残っています。',
  },
  errors: {
    BUNDLE_INVALID: 'このセットは現在購入できません（販売期間外、または購入済みの巻が含まれています）。',
    CART_PAYMENT_FAILED: 'お支払いができませんでした。カード情報をご確認ください（購入されていません）。',
    CART_PAYMENT_RESERVE_ERROR: 'お支払いの受付ができませんでした。時間をおいてお試しください（購入されていません）。',
    MAINTENANCE: 'このお支払い方法はただいまメンテナンス中です。',
    // Refusals of the provider's card fields, before any order.
    UNSUPPORTED_CARD: 'このカードブランドはご利用いただけません（購入されていません）。',
    CLIENT_ERROR: 'カード情報に誤りがあります。カード番号と有効期限をご確認ください（購入されていません）。',
  },
} as const;

export const cartPayCopy = copyLookup(jaCartPay);

/** A §8 code as the member reads it, the bundle and payment codes included. */
export const cartPayErrorCopy = (code: string): string => (jaCartPay.errors as Record<string, string>)[code] ?? cartErrorCopy(code);

/** The message of a provider payment the member comes back from (null for a status with none). */
export const returnedMessage = (status: string): string | null => (jaCartPay.returned as Record<string, string>)[status] ?? null;
