import type { Random } from './random';

/**
 * Word banks for what the demo needs in quantity: volume blurbs, episode subtitles, words in
 * speech balloons, and the chapters of the reflowable text books. Text books use Aozora Bunko
 * ruby markup: `｜親字《るび》`.
 */

const storyBeats = [
  '{hero}の前に、思いもよらない強敵が立ちはだかる。',
  '物語はいよいよ新章へ。{hero}が選んだ道とは――。',
  'かつての仲間との再会が、{hero}の運命を大きく揺さぶる。',
  '明かされる過去の真実。{hero}は、それでも前を向けるのか。',
  '束の間の休日に、小さな事件が舞い込んで……。{hero}の意外な一面が見られる番外編も収録。',
  '季節は冬。{hero}たちの前に、ついに物語の核心が姿を現す。',
  'すれ違う想いと、交わる運命。{hero}の心が動き出す。',
  '大切な約束を守るため、{hero}は最後の賭けに出る。',
  '新たな仲間を迎え、{hero}の毎日はますますにぎやかに。',
];

const practicalBeats = [
  '第{vol}弾。読者の声にこたえて、実践編をたっぷり増ページ。',
  '第{vol}弾。基礎をおさらいしながら、応用まで一気に学べる一冊。',
  '最新号。特集は「今、読みたい本」。連載エッセイも充実の内容です。',
];

export function volumeBlurb(rnd: Random, story: boolean, hero: string, vol: number): string {
  const bank = story ? storyBeats : practicalBeats;
  return rnd.pick(bank).replaceAll('{hero}', hero).replaceAll('{vol}', String(vol));
}

export const episodeSubtitles = [
  '始まりの日',
  '招かれざる客',
  '雨上がりの約束',
  '小さな嘘',
  '決意の朝',
  '最初の依頼',
  'はじめての共闘',
  '秘密の地図',
  '夜明け前',
  'すれ違う心',
  '再会',
  '涙の理由',
  '扉の向こう',
  '嵐の夜',
  'ふたりの距離',
  '新しい仲間',
  '裏切りの影',
  '選ばれし者',
  '花火の夜',
  '告白',
  '宿敵',
  '月下の誓い',
  '試練の塔',
  '約束の果て',
  '帰る場所',
  '真実',
  '届かない手紙',
  '迷子の星',
  '昨日の敵',
  '最後の鍵',
  '祭りの準備',
  '放課後の屋上',
  '遠い記憶',
  '風の便り',
  '運命の分かれ道',
  'ただいま',
];

/** Short lines for speech balloons, drawn vertically. */
export const balloonLines = [
  'えっ！？',
  '行くぞ！',
  'まさか…',
  'ありがとう',
  '待って！',
  'よし！',
  'なんで…？',
  '任せて',
  'ふふっ',
  '本当に？',
  '大丈夫',
  '逃げろ！',
  'きれい…',
  'うそでしょ',
  'またね',
  'いただきます',
  'おはよう',
  '見つけた',
  'もう一度',
  'どうして',
  'さあ来い',
  'ごめんね',
];

/** Sound effects drawn large over panels. */
export const soundEffects = ['ドン', 'ゴゴゴ', 'ザッ', 'バン', 'シーン', 'ドキッ', 'ズバッ', 'キラッ'];

const kanjiNumbers = ['〇', '一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];
function kanjiNumber(n: number): string {
  if (n <= 10) return kanjiNumbers[n]!;
  if (n < 20) return `十${kanjiNumbers[n - 10]}`;
  const tens = Math.floor(n / 10);
  const ones = n % 10;
  return `${kanjiNumbers[tens]}十${ones ? kanjiNumbers[ones] : ''}`;
}

const chapterNames = [
  '始まりの朝',
  '見知らぬ手紙',
  '図書室の幽霊',
  '星の降る夜',
  '約束の場所',
  '嵐の前',
  '灯りをともす',
  '帰り道',
  '最初の一歩',
  '鍵の在りか',
  '雪の匂い',
  '古い地図',
  '水面の月',
  '旅立ち',
];

const places = ['図書室', '港の桟橋', '駅前の広場', '森の小道', '古い塔', '坂の上の教会', '川沿いの土手', '屋根裏部屋'];
const friends = ['アリサ', 'カイ', '美緒', '透也', 'ハル', '椿', 'ユウリ', '紬'];

const narration = [
  '窓の外では、｜黄昏《たそがれ》の光がゆっくりと街を｜茜色《あかねいろ》に染めていた。',
  '{place}には、誰もいなかった。ただ、古い時計の音だけが規則正しく響いている。',
  '{hero}は小さく息を吐いて、手の中の鍵を見つめた。',
  '風が吹くたびに、木々の葉がさらさらと｜囁《ささや》くような音を立てる。',
  '遠くで汽笛が鳴った。それが合図だったかのように、{friend}が顔を上げる。',
  'その夜、空にはいつもより多くの星が｜煌《きら》めいていた。',
  '{hero}は、ずっと昔にも同じ景色を見たような気がした。',
  '机の上には、読みかけの本が開いたまま置かれている。｜頁《ページ》の端が少しだけ折れていた。',
  '雨はいつの間にか上がり、水たまりに｜鈍色《にびいろ》の雲が映っていた。',
  '{place}へ続く道は、思っていたよりもずっと長かった。',
  '誰かが｜灯火《ともしび》をともしたのだろう。窓の向こうに、小さな明かりが揺れている。',
  '{friend}は何も言わずに、{hero}の隣に腰を下ろした。',
  '胸の奥で、忘れかけていた何かが静かに目を覚ます。',
  '足音が近づいてくる。{hero}は思わず息をひそめた。',
  '朝の光が｜眩《まぶ》しくて、{hero}は目を細めた。',
  '湯気の立つカップを両手で包むと、指先からじんわりと温かさが広がった。',
  'ページをめくる音だけが、しんとした部屋に響いていた。',
  '{friend}の笑い声につられて、{hero}もつい笑ってしまう。',
  '約束の時間まで、あと少しだけある。',
  '夕暮れの{place}は、昼間とはまるで別の場所のように見えた。',
  'あの日の言葉が、今になって胸に｜沁《し》みる。',
  '{hero}はペンを取り、迷いながらも最初の一行を書きはじめた。',
];

const dialogue = [
  '「ねえ、{hero}。本当に行くの？」',
  '「大丈夫。きっと、なんとかなるよ」',
  '「それ、どこで見つけたの？」と{friend}が首をかしげる。',
  '「少しだけ、待っていてくれないか」',
  '「まったく、君はいつもそうだ」{friend}は呆れたように笑った。',
  '「ありがとう。……本当に、ありがとう」',
  '「もう一度だけ、あの場所へ行ってみよう」',
  '「信じてくれなくてもいい。でも、聞いてほしいんだ」',
  '「お腹すいたね。何か食べてから考えよう」',
  '「{place}で会おう。日が沈む前に」',
  '「それは、まだ誰も知らない物語なんだ」と{hero}は｜呟《つぶや》いた。',
];

/** Ideographic space: paragraph indent and the gap in chapter titles. */
const INDENT = '\u3000';

interface ChapterText {
  title: string;
  body: string;
}

/** Chapters of a reflowable text book: paragraphs of narration and dialogue, with ruby markup. */
export function textChapters(rnd: Random, hero: string, count: number): ChapterText[] {
  const friend = rnd.pick(friends);
  const names = rnd.shuffle(chapterNames);
  const narrationDeck = deck(rnd, narration);
  const dialogueDeck = deck(rnd, dialogue);
  return Array.from({ length: count }, (_, i) => {
    const place = rnd.pick(places);
    const fill = (s: string) => s.replaceAll('{hero}', hero).replaceAll('{friend}', friend).replaceAll('{place}', place);
    const paragraphs: string[] = [];
    const total = rnd.int(20, 28);
    for (let p = 0; p < total; p++) {
      if (p > 0 && rnd.chance(0.3)) paragraphs.push(fill(dialogueDeck()));
      else paragraphs.push(`${INDENT}${Array.from({ length: rnd.int(2, 4) }, () => fill(narrationDeck())).join('')}`);
    }
    return { title: `第${kanjiNumber(i + 1)}章${INDENT}${names[i % names.length]}`, body: paragraphs.join('\n') };
  });
}

/** Deals items in shuffled rounds, so a line does not come back until the others have been used. */
function deck<T>(rnd: Random, items: readonly T[]): () => T {
  let cards: T[] = [];
  return () => {
    if (cards.length === 0) cards = rnd.shuffle(items);
    return cards.pop()!;
  };
}

/** Characters a reader sees: the body without ruby readings and markers. */
export const visibleLength = (body: string): number =>
  body
    .replace(/《[^》]*》/g, '')
    .replaceAll('｜', '')
    .replaceAll('\n', '').length;
