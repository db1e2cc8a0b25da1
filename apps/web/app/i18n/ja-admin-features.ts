import { copyLookup } from './i18n';

/** Japanese copy of the console's features (`/admin/features`): the serial pages' 特集・おすすめ. */
const jaAdminFeatures = {
  heading: '特集・おすすめ',
  lead: '連載トップに並ぶ特集（編集部のおすすめ）の名前、期間、連載とその並び順を設定します。保存すると1秒ほどでストアに反映されます。',
  readOnly: 'サポート担当は閲覧のみです。作成・編集・終了は運営担当が行います。',
  create: '特集を作成する',
  name: '特集名',
  description: '説明（空欄可）',
  start: '開始（日本時間）',
  end: '終了（日本時間）',
  serials: {
    legend: '連載（この順にストアに並びます）',
    search: '連載名で探す',
    find: '探す',
    add: '{{name}}を追加',
    none: 'まだ連載が選ばれていません',
    noMatch: '一致する連載がありません',
    up: '{{name}}を上へ',
    down: '{{name}}を下へ',
    remove: '{{name}}を外す',
  },
  filter: { label: '状態で絞り込む', all: 'すべて', running: '公開中', scheduled: '公開前', ended: '終了' },
  columns: { id: 'ID', name: '名前', period: '期間', serials: '連載', state: '状態' },
  noEnd: '終了日なし',
  endAction: '終了する',
  ended: '終了しました',
} as const;

export const featuresCopy = copyLookup(jaAdminFeatures);
