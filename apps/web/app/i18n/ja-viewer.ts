import { registerCopy } from './i18n';

/** Japanese copy of the viewer and its last page (spec §2 "Viewer parts", "Last page, books"). */
export const jaViewer = {
  title: 'ビューア',
  close: '閉じる',
  toc: '目次',
  authors: '作者一覧',
  settings: '設定',
  bookmarks: 'しおり一覧',
  bookmarksEmpty: 'しおりがありません。',
  bookmarkAdd: 'しおりを追加',
  bookmarkRemove: 'しおりを削除',
  bookmarkLoginBody: 'しおりはログインすると保存でき、ほかの端末からも使えます。ログインしますか？（ログイン後、この本に戻ります）',
  bookmarkLogin: 'ログインする',
  bookmarkLoginCancel: '読み続ける',
  bookmarkPage: '{{page}}ページ',
  myListAdd: 'マイリストに追加',
  myListRemove: 'マイリストから削除',
  back: '戻る',
  horizontal: 'ヨコ読み',
  vertical: 'タテ読み',
  directionToggle: '読み方向の切り替え',
  slider: 'ページ',
  pageIndicator: '{{indicator}}',
  loading: '読み込み中',
  failed: '作品情報の取得ができませんでした',
  reload: '再読み込み',
  closeViewer: 'ビューアを閉じる',
  next: '次へ',
  previousPage: '前のページ',
  nextPage: '次のページ',
  page: '{{page}}ページ目',
  dialogClose: '閉じる',
  fontSize: '文字サイズ',
  fontSizes: { small: '小', medium: '中', large: '大' },
  fontType: 'フォント',
  fontTypes: { mincho: '明朝', gothic: 'ゴシック' },
  spread: '見開き表示',
  spreadShift: '見開きを1ページずらす',
  /** Why 見開き表示 (on) shows one page at a time on this screen. */
  spreadNote: {
    narrow: 'ウィンドウの幅が足りないため、1ページずつ表示しています。見開きは幅の広い横長の画面で表示されます。',
    portrait: '縦長の画面のため、1ページずつ表示しています。見開きは横長の画面で表示されます。',
  },
  tapNavigation: 'タップでページ送り',
  lastPageReset: '読み終わったら最初に戻る',
  on: 'オン',
  off: 'オフ',
  sampleEnd: '試し読みはここまでです',
  lastPage: {
    finished: '読み終わりました',
    nextVolume: '次の巻',
    lastVolume: '最新刊まで読みました',
    seriesLink: '作品ページへ',
    readNext: '続きを読む',
    buyNext: '購入ページへ',
    buyThis: 'この巻を購入する',
    backToDetail: '作品詳細に戻る',
    freeRanking: '無料マンガランキング',
    findOther: 'ほかの作品をさがす',
    ranking: 'ランキング',
    freeWorks: '無料作品',
    closeBook: '本を閉じる',
    saleClosed: 'この作品の販売は終了しました',
    preOrder: '次の巻を予約する',
    login: 'ログインして続きを読む',
    waitForNewVolume: '新刊の配信をお待ちください',
    canPreOrder: '次の巻を予約できます',
    reserved: '次の巻を予約済みです',
    buyPrompt: 'この巻を購入すると続きが読めます',
    orderComplete: '購入が完了しました',
    readNow: '今すぐ読む',
  },
} as const;

declare module './i18n' {
  interface AreaCopy {
    viewer: typeof jaViewer;
  }
}

registerCopy('viewer', jaViewer);
