import { copyLookup } from './i18n';

/** Japanese copy of the console's pre-order bonuses (`/admin/pre-order-bonuses`). */
const jaAdminPreorder = {
  heading: '予約特典',
  lead: '発売前の巻を予約した会員に、発売日に付与するポイント（固定ポイントと価格の%）と期間を設定します。発売済みの巻には設定できません。',
  readOnly: 'サポート担当は閲覧のみです。作成・編集・終了は運営担当が行います。',
  create: '予約特典を作成する',
  name: '特典名',
  book: '対象の巻（発売前の巻のID）',
  points: '付与ポイント（固定）',
  rate: '価格の何%をポイントで還元するか',
  start: '開始（日本時間）',
  end: '終了（日本時間）',
  filter: { label: '状態で絞り込む', all: 'すべて', running: '開催中', scheduled: '開催前', ended: '終了' },
  columns: { id: 'ID', name: '名前', book: '対象の巻', bonus: '特典', period: '期間', grants: '予約件数', state: '状態' },
  bookLine: '{{title}} {{vol}}巻（発売 {{release}}）',
  titleWide: '作品ID {{id}} のすべての予約巻',
  everyBook: 'すべての予約',
  bonusLine: '{{points}}ポイント＋価格の{{rate}}%',
  grants: '{{n}}件',
  noEnd: '終了日なし',
  endAction: '終了する',
  ended: '終了しました',
} as const;

export const preorderCopy = copyLookup(jaAdminPreorder);
