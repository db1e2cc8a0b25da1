/**
 * Invented authors, publishers, magazines and genres of the demo catalog. No real person or
 * work is meant; readings are in katakana as the store lists them (§3 Author: kana).
 */

interface AuthorSeed {
  key: string;
  name: string;
  kana: string;
  profile: string;
}

export const demoAuthors: AuthorSeed[] = [
  {
    key: 'shinkai',
    name: '新海 遥斗',
    kana: 'シンカイ ハルト',
    profile: '北海道出身。少年誌でデビューし、冒険ファンタジーを描き続けている。',
  },
  {
    key: 'kiritani',
    name: '桐谷 みなと',
    kana: 'キリタニ ミナト',
    profile: 'ロボットと工場の油の匂いをこよなく愛する漫画家。',
  },
  {
    key: 'hazuki',
    name: '葉月 ゆう',
    kana: 'ハヅキ ユウ',
    profile: '推理小説好きが高じて探偵漫画の道へ。趣味は古地図集め。',
  },
  {
    key: 'kurokawa',
    name: '黒川 蒼',
    kana: 'クロカワ アオイ',
    profile: 'ギャグとバトルの両刀使い。猫を三匹飼っている。',
  },
  { key: 'nanase', name: '七瀬 つむぎ', kana: 'ナナセ ツムギ', profile: '時代劇と殺陣の研究家でもある。' },
  {
    key: 'fujimiya',
    name: '藤宮 しおり',
    kana: 'フジミヤ シオリ',
    profile: 'ラーメン食べ歩き歴二十年。取材と称して今日もすする。',
  },
  {
    key: 'amano',
    name: '天野 こはく',
    kana: 'アマノ コハク',
    profile: '元パティシエ見習い。お菓子の描写に定評がある。',
  },
  { key: 'kirishima', name: '霧島 玲', kana: 'キリシマ レイ', profile: '魔法少女ものからラブコメまで幅広く手がける。' },
  { key: 'yuzuki', name: '柚木 ことは', kana: 'ユズキ コトハ', profile: '花と庭をテーマにした繊細な作風で人気。' },
  {
    key: 'mashiro',
    name: '真白 ちひろ',
    kana: 'マシロ チヒロ',
    profile: 'オフィスラブの名手。通勤電車でネームを切る。',
  },
  { key: 'shinonome', name: '東雲 陣', kana: 'シノノメ ジン', profile: '宮廷ロマンスと陰謀劇を得意とする。' },
  { key: 'hayase', name: '早瀬 透', kana: 'ハヤセ トオル', profile: '喫茶店巡りが趣味。コーヒーは浅煎り派。' },
  { key: 'minazuki', name: '水無月 りん', kana: 'ミナヅキ リン', profile: '大人の恋愛を甘く切なく描く。' },
  { key: 'shiraishi', name: '白石 そら', kana: 'シライシ ソラ', profile: '季節の移ろいと青春を描くBL作家。' },
  { key: 'takanashi', name: '小鳥遊 ねね', kana: 'タカナシ ネネ', profile: '高校の部活ものを得意とする。' },
  { key: 'miyasaka', name: '宮坂 航', kana: 'ミヤサカ ワタル', profile: '成人向け作品を中心に活動。' },
  {
    key: 'ichinose',
    name: '一ノ瀬 灯',
    kana: 'イチノセ アカリ',
    profile: 'ライトノベル作家。図書委員だった過去を持つ。',
  },
  {
    key: 'akizuki',
    name: '秋月 ほのか',
    kana: 'アキヅキ ホノカ',
    profile: 'イラストレーター。透明感のある色使いが特徴。',
  },
  { key: 'mikage', name: '御影 透真', kana: 'ミカゲ トウマ', profile: '星と魔法の物語を紡ぐファンタジー作家。' },
  { key: 'haruno', name: '春野 まどか', kana: 'ハルノ マドカ', profile: '装画や挿絵を多数担当するイラストレーター。' },
  {
    key: 'kisaragi',
    name: '如月 千景',
    kana: 'キサラギ チカゲ',
    profile: 'スローライフ小説の書き手。庭で薬草を育てている。',
  },
  { key: 'natsuno', name: '夏野 かえで', kana: 'ナツノ カエデ', profile: '淡い水彩風のイラストを得意とする。' },
  {
    key: 'himuro',
    name: '氷室 蓮',
    kana: 'ヒムロ レン',
    profile: '港町に暮らす小説家。手紙をテーマにした作品が多い。',
  },
  { key: 'narumi', name: '鳴海 つばさ', kana: 'ナルミ ツバサ', profile: '寒い土地を舞台にした静かな物語を書く。' },
  {
    key: 'segawa',
    name: '瀬川 透子',
    kana: 'セガワ トウコ',
    profile: 'ファイナンシャルプランナー。家計の相談件数は千件以上。',
  },
  {
    key: 'takatsuki',
    name: '高槻 ゆずる',
    kana: 'タカツキ ユズル',
    profile: 'ソフトウェア技術者。初心者向けの講座が人気。',
  },
  { key: 'hoshizora', name: '星空 あかね', kana: 'ホシゾラ アカネ', profile: 'マンガ家。解説マンガを多数手がける。' },
  { key: 'morita', name: '森田 湊', kana: 'モリタ ミナト', profile: '風景写真家。四季の日本を撮り歩く。' },
  { key: 'editorial', name: 'ホンダナ編集部', kana: 'ホンダナ ヘンシュウブ', profile: 'ホンダナ・マガジンの編集部。' },
  {
    key: 'studio_toka',
    name: 'スタジオ灯火',
    kana: 'スタジオ トウカ',
    profile: 'フルカラー縦読みマンガの制作スタジオ。',
  },
  { key: 'kanzaki', name: '神崎 イオ', kana: 'カンザキ イオ', profile: 'ウェブ小説出身の原作者。' },
  { key: 'sakuraba', name: '桜庭 ひなた', kana: 'サクラバ ヒナタ', profile: '恋愛ファンタジーを描く縦読み漫画家。' },
];

interface PublisherSeed {
  key: string;
  name: string;
  kana: string;
}

export const demoPublishers: PublisherSeed[] = [
  { key: 'seiran', name: '青嵐社', kana: 'セイランシャ' },
  { key: 'hoshiakari', name: '星灯出版', kana: 'ホシアカリ シュッパン' },
  { key: 'tsukikage', name: '月影書房', kana: 'ツキカゲ ショボウ' },
  { key: 'shirasagi', name: '白鷺出版', kana: 'シラサギ シュッパン' },
  { key: 'komorebi', name: '木漏れ日社', kana: 'コモレビシャ' },
  { key: 'hondana', name: 'ホンダナ・パブリッシング', kana: 'ホンダナ パブリッシング' },
];

interface MagazineSeed extends PublisherSeed {
  publisher: string;
}

export const demoMagazines: MagazineSeed[] = [
  { key: 'brave', name: '週刊少年ブレイブ', kana: 'シュウカン ショウネン ブレイブ', publisher: 'seiran' },
  { key: 'gear', name: 'ヤングギア', kana: 'ヤング ギア', publisher: 'seiran' },
  { key: 'astel', name: '月刊コミックアステル', kana: 'ゲッカン コミック アステル', publisher: 'hoshiakari' },
  { key: 'bouquet', name: '少女ブーケ', kana: 'ショウジョ ブーケ', publisher: 'tsukikage' },
  { key: 'millefeuille', name: 'ミルフィーユ', kana: 'ミルフィーユ', publisher: 'tsukikage' },
  { key: 'bluemoon', name: 'ブルームーン', kana: 'ブルームーン', publisher: 'komorebi' },
  { key: 'toka', name: 'ウェブコミック灯火', kana: 'ウェブコミック トウカ', publisher: 'hondana' },
];

/** Genres; 11–17 read left to right (§9). */
export const demoGenres: { id: number; name: string }[] = [
  { id: 1, name: '少年マンガ' },
  { id: 2, name: '青年マンガ' },
  { id: 3, name: '少女マンガ' },
  { id: 4, name: '女性マンガ' },
  { id: 5, name: 'ティーンズラブ' },
  { id: 6, name: 'BL' },
  { id: 7, name: '成人向け' },
  { id: 8, name: 'ライトノベル' },
  { id: 9, name: '小説・文芸' },
  { id: 10, name: 'タテヨミ' },
  { id: 11, name: 'ビジネス' },
  { id: 12, name: '実用・暮らし' },
  { id: 13, name: 'IT・コンピュータ' },
  { id: 14, name: '写真集' },
  { id: 15, name: '雑誌' },
  { id: 16, name: '海外コミック' },
  { id: 17, name: '語学・学習' },
];
