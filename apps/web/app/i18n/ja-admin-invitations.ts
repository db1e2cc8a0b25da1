import { copyLookup } from './i18n';

/** Japanese copy of the console's friend invitation campaigns (`/admin/invitation-campaigns`). */
const jaAdminInvitations = {
  heading: '友達招待キャンペーン',
  lead: '友達招待キャンペーンの期間、招待した人がもらえるマンガコイン（人数ごとの段階と上限）、招待された人がもらえるチケットを設定します。保存するとすぐにストアに反映されます。',
  alone:
    'ストアの招待ページに出せるのは開催中のキャンペーン1つだけです。期間が重なるキャンペーンは作れません。新しく始めるときは、先に開催中のものを終了してください。',
  readOnly: 'サポート担当は閲覧のみできます。',
  create: '友達招待キャンペーンを作成する',
  name: 'キャンペーン名（招待ページの見出し）',
  start: '開始（日本時間）',
  end: '終了（日本時間）',
  campaignType: '達成条件',
  campaignTypes: { FIRST_PURCHASE: '招待された人のはじめての購入' },
  utmCampaign: '計測用の名前（utm_campaign）',
  inviter: {
    legend: '招待した人の特典（マンガコイン）',
    limit: '特典の対象になる人数の上限',
    useSteps: '人数ごとにコイン数を変える（段階）',
    stepsHelp: '段階を使わないときは、1人目の行がすべての人に使われます。空欄の行は使いません。',
    coins: '{{n}}人目のコイン',
    days: '{{n}}人目のコインの有効日数',
  },
  images: {
    legend: '画像',
    help: '表示場所（top・shareなど英小文字）ごとの画像です。ファイルを選ぶとアップロードされ、アドレスが入ります。',
    item: '画像 {{n}}',
    location: '画像{{n}}の表示場所',
    upload: '画像{{n}}をアップロード（96×96以上のJPEG・PNG・WebP）',
    url: '画像{{n}}のアドレス（/から始まるパスかhttps://）',
    alt: '画像{{n}}の代替テキスト',
    add: '画像を追加する',
    remove: '画像{{n}}を外す',
    none: 'なし',
  },
  invitee: {
    legend: '招待された人のチケット',
    amount: '割引額（円）',
    minCartPrice: '最低購入金額（円）',
    expireDays: 'チケットの有効日数',
  },
  filter: { label: '状態で絞り込む', all: 'すべて', running: '開催中', scheduled: '開催前', ended: '終了' },
  columns: {
    id: 'ID',
    name: '名前',
    images: '画像',
    period: '期間',
    inviter: '招待した人の特典',
    invitee: 'チケット',
    results: '実績',
    state: '状態',
  },
  stepLine: '{{n}}人目 {{coins}}コイン（{{days}}日）',
  flatLine: '1人につき {{coins}}コイン（{{days}}日）・{{limit}}人まで',
  maximum: '最大 {{coins}}コイン',
  ticketLine: '{{amount}}円引き（{{min}}円以上・{{days}}日）',
  resultsLine: 'チケット {{invitees}}人・達成 {{achieved}}人',
  endAction: '終了する',
  ended: '終了しました',
} as const;

export const invitationAdminCopy = copyLookup(jaAdminInvitations);
