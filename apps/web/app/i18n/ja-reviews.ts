import { registerCopy } from './i18n';

/** Copy of reviews (§2 review editor, series page reviews, §8 report reasons). */
const jaReviews = {
  none: 'まだレビューはありません。',
  mine: 'あなたのレビュー',
  sortPopular: '人気順',
  sortNew: '新着順',
  sort: '並び替え',
  more: 'もっと見る',
  failed: 'レビューを読み込めませんでした',
  spoilerHidden: 'このレビューにはネタバレが含まれています',
  spoilerShow: 'ネタバレを表示',
  spoiler: 'ネタバレあり',
  readMore: '続きを読む',
  fold: '閉じる',
  like: 'いいね',
  likeCount: 'いいね {{count}}',
  liked: 'いいね済み',
  comments: 'コメント {{count}}',
  commentsHide: 'コメントを閉じる',
  commentPlaceholder: 'コメントを書く',
  commentSubmit: 'コメントする',
  commentRejected: 'このレビューへのコメントは受け付けていません',
  commentDelete: '削除',
  commentDeleted: 'コメントを削除しました',
  commentEdit: '編集',
  commentEditLabel: 'コメントを編集',
  commentSave: '保存する',
  commentCancel: 'キャンセル',
  commentSaved: 'コメントを保存しました',
  report: '通報',
  reportTitle: '通報する理由を選んでください',
  reportSubmit: '通報する',
  reportCancel: 'キャンセル',
  reported: '通報を受け付けました',
  reasons: {
    PERSONAL_INFO: '個人情報が含まれている',
    SLANDER: '誹謗中傷している',
    MORAL_VIOLATION: '公序良俗に反している',
    TERM_VIOLATION: '利用規約に違反している',
  },
  loginToAct: 'ログインしていいね・コメント',
  byline: '{{nickname}}さん・{{date}}',
  editor: {
    title: '{{title}}のレビュー',
    newHeading: 'レビューを書く',
    editHeading: 'レビューを編集',
    star: '評価',
    starOption: '星{{star}}つ',
    reviewTitle: 'タイトル（任意）',
    body: 'レビュー本文',
    nickname: 'ニックネーム',
    spoiler: 'ネタバレを含む',
    commentReject: 'コメントを受け付けない',
    ameba: 'プロフィールを表示する',
    submit: '投稿する',
    save: '保存する',
    delete: 'レビューを削除',
    deleted: 'レビューを削除しました',
    undo: '元に戻す',
    saved: 'レビューを投稿しました',
    back: '作品ページへ戻る',
    required: '{{field}}を入力してください',
    tooLong: '{{field}}は{{max}}文字以内で入力してください',
    failed: '保存できませんでした。時間をおいて再度お試しください。',
    already: 'この作品にはすでにレビューを書いています',
  },
  notices: {
    heading: 'レビューへの反応',
    LIKE: '{{actor}}さんが「{{title}}」のあなたのレビューにいいねしました',
    COMMENT: '{{actor}}さんが「{{title}}」のあなたのレビューにコメントしました',
    unread: '未読',
    none: 'レビューへの反応はまだありません。',
  },
} as const;

declare module './i18n' {
  interface AreaCopy {
    reviews: typeof jaReviews;
  }
}

registerCopy('reviews', jaReviews);
