import { copyLookup } from './i18n';

/** Japanese copy of the console's non-login appeals (`/admin/non-login-appeals`). */
const jaAdminAppeals = {
  heading: '未ログイン向けアピール',
  lead: 'ログインしていないお客さまにトップページで表示するアピール（名前・画像・文言）と期間を設定します。期間中のものがすぐにストアに表示されます（複数ある場合は終了が早いもの）。',
  readOnly: 'サポート担当は閲覧のみできます。',
  create: 'アピールを作成する',
  name: 'アピール名',
  appealText: 'アピール文',
  image: '画像',
  imageUpload: '画像をアップロード（96×96以上のJPEG・PNG・WebP）',
  imageUrl: '画像のアドレス（/から始まるパスかhttps://）',
  imageUploading: 'アップロード中…',
  imageUploaded: '画像をアップロードしました（{{width}}×{{height}}）',
  imageTooSmall: '画像が小さすぎます（{{size}}）。96×96以上の画像を選んでください。',
  imageNotImage: '画像として読み込めないファイルです。JPEG・PNG・WebPを選んでください。',
  imagePreview: '{{name}}の画像',
  start: '開始（日本時間）',
  end: '終了（日本時間）',
  filter: { label: '状態で絞り込む', all: 'すべて', running: '表示中', scheduled: '開始前', ended: '終了' },
  columns: { id: 'ID', image: '画像', name: '名前', text: 'アピール文', period: '期間', state: '状態' },
  from: '{{start}} 〜',
  endAction: '終了する',
  ended: '終了しました',
} as const;

export const appealsCopy = copyLookup(jaAdminAppeals);
