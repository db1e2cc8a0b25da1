import { copyLookup } from './i18n';

/** Japanese copy of the console's missions (`/admin/missions`). */
const jaAdminMissions = {
  heading: 'ミッション',
  lead: '会員がマイページで取り組むミッションの期間、タスク、達成報酬を設定します。保存するとすぐにストアに反映されます。',
  readOnly: 'サポート担当は閲覧のみです。作成・編集・終了は運営担当が行います。',
  create: 'ミッションを作成する',
  name: 'ミッション名',
  imageUpload: '画像をアップロード（96×96以上のJPEG・PNG・WebP）',
  imageUrl: '画像のURL（/から始まるパスかhttps://、空欄で画像なし）',
  backgroundColor: '背景色',
  start: '開始（日本時間）',
  end: '終了（日本時間）',
  bonus: {
    legend: '達成報酬（すべてのタスクを達成したとき1回）',
    rewardType: '報酬の種類',
    types: { '1': 'ポイント', '10': 'マンガコイン', '100': 'くじ' },
    amount: '報酬の数量',
    lotteryCampaignId: 'くじキャンペーンID（くじのとき・空欄で開催中のキャンペーン）',
  },
  tasks: {
    legend: 'タスク {{n}}',
    kind: 'タスクの種類',
    kinds: {
      READ_BOOKS: '作品を最後まで読む（冊数）',
      BUY_BOOK: '作品を購入する（回数）',
      READ_EPISODE: '連載を読む（話数）',
      OPEN_DAYS: 'アプリを開く（日数）',
    },
    target: '目標の回数',
    members: '取り組み中の会員 {{n}}人（種類の変更・削除はできません）',
    add: 'タスクを追加する',
    remove: 'このタスクを削除する',
  },
  filter: { label: '状態で絞り込む', all: 'すべて', running: '開催中', scheduled: '開催前', ended: '終了' },
  columns: { id: 'ID', image: '画像', name: '名前', period: '期間', tasks: 'タスク', bonus: '達成報酬', state: '状態' },
  imageAlt: '{{name}}の画像',
  taskLine: '{{label}}（取り組み中{{members}}人）',
  bonusLine: '{{label}}（達成{{rewarded}}人）',
  endAction: '終了する',
  ended: '終了しました',
} as const;

export const missionsCopy = copyLookup(jaAdminMissions);
