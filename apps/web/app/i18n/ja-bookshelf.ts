import { copyLookup } from './i18n';

/** Japanese copy of the bookshelf (`/bookshelf`, the top page's 続きを読む row), read through `shelfCopy`. */
export const jaBookshelf = {
  page: {
    title: '本棚',
    description: '購入した本、レンタル中のエピソード、予約した本の一覧です。',
    heading: '本棚',
    loading: '読み込み中…',
    failed: '本棚を読み込めませんでした。時間をおいて再度お試しください。',
    empty: '本棚に本はまだありません。',
    noMatch: '条件に合う本はありません。',
    count: '{{count}}作品',
  },
  filter: {
    label: '絞り込み',
    ALL: 'すべて',
    PURCHASED: '購入済み',
    RENTAL: 'レンタル中',
    RESERVED: '予約',
    FREE: '無料で読んだ',
    READING: '読みかけ',
    HIDDEN: '非表示の本',
  },
  sort: {
    label: '並び順',
    PURCHASE_DATE: '購入日',
    LAST_READ: '最近読んだ',
    TITLE: 'タイトル',
    AUTHOR: '著者',
  },
  search: {
    label: '本棚の中を検索',
    placeholder: '作品名・作者名',
    submit: '検索',
    clear: 'クリア',
  },
  series: {
    count: '{{count}}冊',
    open: '{{title}}の本を見る（{{count}}冊）',
    back: '本棚に戻る',
    volumes: '持っている本',
    episodes: 'レンタルしたエピソード',
    seriesPage: '作品ページへ',
    none: 'この作品の本はありません。',
  },
  book: {
    vol: '{{vol}}巻',
    read: '読む',
    finished: '読了',
    progress: '{{percent}}%',
    progressLabel: '{{page}} / {{total}}ページまで読みました',
    unread: '未読',
    reserved: '予約中・{{date}}配信予定',
    free: '無料で入手',
    hide: '非表示にする',
    unhide: '表示する',
    hidden: '非表示中',
  },
  rental: {
    until: '{{date}}までレンタル中',
    permanent: '無期限レンタル',
    expired: 'レンタル期限切れ（{{date}}まで）',
    rentAgain: 'もう一度レンタルする',
  },
  next: {
    heading: '次の巻',
    release: '{{date}}配信予定',
    buy: '{{vol}}巻を購入する {{price}}マンガコイン',
    reserve: '{{vol}}巻を予約する {{price}}マンガコイン',
    free: '{{vol}}巻を無料で読む',
  },
  pager: {
    label: 'ページ送り',
    previous: '前へ',
    next: '次へ',
    position: '{{page}} / {{pages}}ページ',
  },
  continue: {
    heading: '続きを読む',
    page: '{{page}}ページから',
    episode: 'エピソード',
    toShelf: '本棚を見る',
  },
};

export const shelfCopy = copyLookup(jaBookshelf);
