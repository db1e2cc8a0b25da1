import { copyLookup } from './i18n';

/** Japanese copy of the pre-order confirmation page; loaded with that page only. */
const jaPreorder = {
  title: '予約内容の確認',
  description: '発売前の巻を予約します。',
  heading: '予約内容の確認',
  book: '{{title}} {{vol}}巻',
  price: '価格',
  priceValue: '{{price}}マンガコイン',
  release: '配信予定日',
  bonus: '予約特典',
  bonusLine: '{{name}}（+{{point}}pt）',
  bonusNone: 'なし',
  bonusNote: '予約特典のポイントは配信日に付与されます。',
  payment: 'お支払い方法',
  mangaCoin: 'マンガコイン',
  balance: '所持マンガコイン {{balance}}',
  balanceLoading: '所持マンガコインを確認しています…',
  short: 'マンガコインが{{short}}足りません。',
  buyCoins: 'マンガコインを購入する',
  place: '予約する',
  placing: '予約しています…',
  cancelNote: '配信日の前までキャンセルできます。',
  done: '予約が完了しました',
  doneBody: '{{date}}に配信され、本棚で読めるようになります。',
  doneBonus: '予約特典 {{point}}ptは配信日に付与されます。',
  status: { ACCEPTED: '予約受付済み', CANCELED: 'キャンセル済み', COMPLETED: '配信済み' },
  back: '作品ページへ戻る',
  notOpen: 'この巻は予約を受け付けていません（配信済み、または予約できない巻です）。',
  errors: {
    NOT_ENOUGH_MANGA_COIN: 'マンガコインが足りません。',
    ALREADY_RESERVED: 'この巻はすでに予約済みです。',
    DIFF_PRICE_REQUEST: '価格が変更されました。ページを読み込み直して新しい価格を確認してください（予約されていません）。',
    INVALID_BOOK_ID: 'この巻は予約を受け付けていません。',
    fallback: 'うまくいきませんでした。時間をおいてお試しください。',
  },
} as const;

export const preorderCopy = copyLookup(jaPreorder);

/** A §8 pre-order code as the member reads it. */
export const preorderErrorCopy = (code: string): string =>
  (jaPreorder.errors as Record<string, string>)[code] ?? jaPreorder.errors.fallback;
