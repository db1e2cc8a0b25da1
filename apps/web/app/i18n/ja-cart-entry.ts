import { registerCopy } from './i18n';

/** The cart strings a guest's volume page renders before any click (part of `ja`; the rest is `ja-cart.ts`). */
const jaCartEntry = {
  add: 'カートに追加',
  preOrder: '予約する',
  /** §5 guest coupon banner of a book page. */
  couponBanner: {
    price: '{{price}}円',
    limit: '無料会員登録で最大{{limit}}冊まで',
    login: 'ログインしてクーポンを受け取る',
    close: '閉じる',
  },
} as const;

declare module './i18n' {
  interface AreaCopy {
    cartEntry: typeof jaCartEntry;
  }
}

registerCopy('cartEntry', jaCartEntry);
