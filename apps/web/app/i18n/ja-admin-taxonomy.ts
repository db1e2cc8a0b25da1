import { copyLookup } from './i18n';

/** Japanese copy of the console's genres, publishers and magazines (`/admin/taxonomy`) and the title editor's pickers. */
const jaAdminTaxonomy = {
  heading: 'ジャンル・出版社・掲載誌',
  lead: '作品を分類する名前を登録・変更します。作品の編集画面ではここにある名前から選びます。名前を変えるとストアの作品ページにもすぐ反映されます。',
  readOnly: 'サポート担当は一覧の閲覧のみできます。',
  name: '名前',
  kana: 'よみ（カタカナ）',
  publisher: '出版社',
  noPublisher: '指定なし',
  columns: { id: 'ID', name: '名前', kana: 'よみ', publisher: '出版社', titles: '作品数' },
  titles: '{{n}}作品',
  empty: 'まだ登録がありません',
  taken: 'この名前はすでに使われています',
  genres: { heading: 'ジャンル', create: 'ジャンルを追加する' },
  publishers: { heading: '出版社', create: '出版社を追加する' },
  magazines: { heading: '掲載誌', create: '掲載誌を追加する' },
  picker: {
    publisher: '出版社',
    magazine: '掲載誌',
    none: '指定なし',
    manage: 'ジャンル・出版社・掲載誌を追加・変更する',
  },
} as const;

export const taxonomyCopy = copyLookup(jaAdminTaxonomy);
