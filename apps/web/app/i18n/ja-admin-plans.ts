import { copyLookup } from './i18n';

/** Japanese copy of the console's manga coin subscription plans (`/admin/subscription-plans`). */
const jaAdminPlans = {
  heading: 'マンガコイン定期購入プラン',
  lead: '定期購入プランのコイン数・価格・ボーナス・支払い方法・表示順を設定します。保存するとすぐにストアの定期購入ページに反映されます。変更は新しく申し込む会員に適用され、申し込み済みの会員は申し込んだときの内容で更新されます。',
  readOnly: 'サポート担当は閲覧のみできます。',
  create: 'プランを作成する',
  name: 'プラン名',
  coin: '毎月のマンガコイン数',
  taxIncludedPrice: '月額（税込・円）',
  firstBonus: '初回ボーナス（コイン）',
  secondBonus: '2回目ボーナス（コイン）',
  cycleBonus: '毎月ボーナス（コイン）',
  highlightType: '強調表示',
  highlights: { none: 'なし', popular: '人気', bargain: 'お得' },
  paymentTypes: '支払い方法',
  paymentTypeNames: { creditcard: 'クレジットカード', docomo: 'ドコモ払い', softbank: 'ソフトバンクまとめて支払い' },
  sortOrder: '表示順（小さいほど上）',
  start: '受付開始（日本時間・空欄ですぐ）',
  filter: { label: '状態で絞り込む', all: 'すべて', running: '受付中', scheduled: '受付前', ended: '受付終了' },
  columns: { id: 'ID', name: 'プラン名', price: '月額', coin: 'コイン', bonus: 'ボーナス', highlight: '強調', paymentTypes: '支払い方法', sortOrder: '順', period: '受付', members: '会員', state: '状態' },
  price: '{{price}}円',
  coins: '{{coin}}コイン',
  bonusLine: '初回{{first}}・2回目{{second}}・毎月{{cycle}}',
  from: '{{start}} 〜',
  fromStart: '開始時から',
  endedAt: '{{end}} 終了',
  membersLine: '利用中{{live}}人（累計{{total}}人）',
  endAction: '受付を終了する',
  ended: '受付を終了しました。申し込み済みの会員はこのプランで更新されます。',
  deleteAction: '削除する',
  deleted: '削除しました',
  hasMembers: 'このプランには申し込んだ会員がいるため削除できません。受付を終了してください。',
} as const;

export const plansCopy = copyLookup(jaAdminPlans);
