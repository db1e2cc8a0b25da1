import { registerCopy } from './i18n';

/** Copy of my list and new-release notices. */
const jaNotices = {
  wishList: {
    title: 'マイリスト',
    description: 'マイリストに登録した作品の一覧です。',
    heading: 'マイリスト',
    none: 'マイリストに登録した作品はありません。',
    newest: '最新 {{vol}}巻（{{date}}）',
    remove: '削除',
    removeSelected: '選択した作品を削除',
    select: '{{title}}を選択',
    count: '{{count}}作品',
  },
  newly: {
    title: '新刊のお知らせ',
    description: 'フォローしている作品・作者の新刊のお知らせです。',
    heading: '新刊のお知らせ',
    none: '新刊のお知らせはありません。',
    message: '「{{title}}」{{vol}}巻が配信されました',
    reasonTITLE: '作品をフォロー中',
    reasonAUTHOR: '作者をフォロー中',
    unread: '未読',
    delete: '削除',
  },
  lineNotice: {
    title: '{{title}}の新刊通知設定',
    heading: '新刊通知設定',
    titleFollow: 'この作品の新刊を通知する',
    authorFollow: 'この作品の作者の新刊を通知する',
    channels: '通知の受け取り方法',
    line: 'LINEで受け取る',
    app: 'アプリのプッシュ通知で受け取る',
    site: 'サイト内のお知らせで受け取る',
    saved: '設定を保存しました',
    failed: '設定を保存できませんでした',
    back: '作品ページへ戻る',
  },
  pageHeading: 'お知らせ',
  mypageLinks: 'マイリスト・お知らせ',
} as const;

declare module './i18n' {
  interface AreaCopy {
    notices: typeof jaNotices;
  }
}

registerCopy('notices', jaNotices);
