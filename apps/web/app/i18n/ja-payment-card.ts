import { copyLookup } from './i18n';

/**
 * Japanese copy of the card form every card payment shows (coin packs, the cart, subscriptions)
 * and of the sandbox provider's test cards beside it.
 */
const jaPaymentCard = {
  legend: 'クレジットカード情報',
  number: 'カード番号',
  expiry: '有効期限（MM/YY）',
  cvc: 'セキュリティコード',
  holder: 'カード名義（任意）',
  sandboxTitle: 'サンドボックス（テスト環境）',
  sandboxBody: '実際の請求は発生しません。次のテストカードを使えます（有効期限は未来の月、セキュリティコードは任意の3桁）。',
  cards: {
    success: '成功',
    declined: '利用不可（カード会社により拒否）',
    unsupported: '取り扱いのないブランド',
    limit: '利用限度額超過',
  },
} as const;

export const paymentCardCopy = copyLookup(jaPaymentCard);
