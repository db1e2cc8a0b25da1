/**
 * The lines of a text body (a reflow book's chapter, an image book's text page): the import
 * writes them, the server renders them as HTML (`reading/book-text.ts`), the import counts their
 * visible characters. One block a line, in Aozora Bunko's own notation where it has one:
 *
 *  - a paragraph: text with ruby (`｜親字《おやじ》`);
 *  - `［＃挿絵N］`: the book's image N (`TEXT_IMAGE_LINE` of reading-api);
 *  - `［＃大見出し］…［＃大見出し終わり］` (also 中見出し, 小見出し): a heading;
 *  - `［＃キャプション］…［＃キャプション終わり］`: the caption of the image line before it;
 *  - `［＃箇条書き］…` / `［＃番号付き箇条書き］…`: an item of a list (consecutive items are one list);
 *  - `［＃表］cell<TAB>cell…` / `［＃表見出し］…`: a row of a simple table (consecutive rows are one
 *    table), cells separated by a tab (a paragraph never holds one: the import folds white space).
 *
 * Aozora has no notation for lists and tables; these two follow its `［＃…］` form.
 */

type HeadingLevel = 1 | 2 | 3;

type TextBlock =
  | { kind: 'paragraph'; text: string }
  | { kind: 'image'; image: number }
  | { kind: 'heading'; level: HeadingLevel; text: string }
  | { kind: 'caption'; text: string }
  | { kind: 'item'; ordered: boolean; text: string }
  | { kind: 'row'; header: boolean; cells: string[] };

const HEADINGS = ['大', '中', '小'] as const;

const IMAGE = /^［＃挿絵(\d{1,5})］$/;
const HEADING = /^［＃([大中小])見出し］(.*)［＃\1見出し終わり］$/;
const CAPTION = /^［＃キャプション］(.*)［＃キャプション終わり］$/;
const ITEM = /^［＃(番号付き)?箇条書き］(.*)$/;
const ROW = /^［＃表(見出し)?］(.*)$/;

/** `［＃中見出し］text［＃中見出し終わり］` for level 2. */
export const headingLine = (level: HeadingLevel, text: string): string => {
  const size = HEADINGS[level - 1];
  return `［＃${size}見出し］${text}［＃${size}見出し終わり］`;
};
export const captionLine = (text: string): string => `［＃キャプション］${text}［＃キャプション終わり］`;
export const listItemLine = (ordered: boolean, text: string): string => `［＃${ordered ? '番号付き' : ''}箇条書き］${text}`;
export const tableRowLine = (cells: readonly string[], header: boolean): string =>
  `［＃表${header ? '見出し' : ''}］${cells.map((c) => c.replace(/[\t\n]+/g, ' ')).join('\t')}`;

/** What one line of a body is. */
export function parseBlock(line: string): TextBlock {
  let m = IMAGE.exec(line);
  if (m) return { kind: 'image', image: Number(m[1]) };
  m = HEADING.exec(line);
  if (m) return { kind: 'heading', level: (HEADINGS.indexOf(m[1] as (typeof HEADINGS)[number]) + 1) as HeadingLevel, text: m[2]! };
  m = CAPTION.exec(line);
  if (m) return { kind: 'caption', text: m[1]! };
  m = ITEM.exec(line);
  if (m) return { kind: 'item', ordered: m[1] !== undefined, text: m[2]! };
  m = ROW.exec(line);
  if (m) return { kind: 'row', header: m[1] !== undefined, cells: m[2]!.split('\t') };
  return { kind: 'paragraph', text: line };
}

/** The text a reader sees of a block (ruby readings and markers left out); none for an image. */
export function visibleText(block: TextBlock): string {
  const text = block.kind === 'image' ? '' : block.kind === 'row' ? block.cells.join('') : block.text;
  return text.replace(/《[^》]*》/g, '').replaceAll('｜', '');
}

/** Characters a reader sees in a body: without ruby readings, markers, image lines and line breaks. */
export const visibleLength = (body: string): number =>
  body
    .split('\n')
    .filter((line) => line.length > 0)
    .reduce((n, line) => n + visibleText(parseBlock(line)).length, 0);
