import { registerCopy } from './i18n';

/** Copy of the member's 閲覧履歴 and レンタル履歴 of serials under /mypage (issue 40 item 3). */
const jaSerialHistory = {
  title: '閲覧履歴・レンタル履歴',
  link: '閲覧履歴・レンタル履歴',
  lead: '読んだ連載とコインでレンタルしたエピソードを確認できます。',
  histories: {
    heading: '閲覧履歴',
    empty: '閲覧履歴はありません',
    newEpisode: '新着あり',
    ticketUsable: 'チケットで読めます',
    ticketWaiting: 'チケット回復待ち',
    lastReadAt: '{{at}} に閲覧',
    delete: '削除',
    deleteOf: '{{title}} を閲覧履歴から削除',
    deleteAll: 'すべて削除',
    confirmOne: '「{{title}}」を閲覧履歴から削除しますか？',
    confirmAll: '閲覧履歴をすべて削除しますか？',
    confirm: '削除する',
    cancel: 'キャンセル',
    deleted: '閲覧履歴を削除しました',
    failed: '削除できませんでした。時間をおいて再度お試しください',
  },
  charges: {
    heading: 'レンタル履歴',
    empty: 'レンタル履歴はありません',
    rentedAt: '{{at}} にレンタル',
    price: '{{price}}コイン',
    priceMangaCoin: 'マンガコイン {{price}}',
    until: '{{at}} まで',
    forever: '無期限',
  },
  prev: '前へ',
  next: '次へ',
  loadFailed: '読み込めませんでした。時間をおいて再度お試しください',
} as const;

declare module './i18n' {
  interface AreaCopy {
    serialHistory: typeof jaSerialHistory;
  }
}

registerCopy('serialHistory', jaSerialHistory);
