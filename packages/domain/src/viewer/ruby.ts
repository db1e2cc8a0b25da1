/** A run of text, with ruby (furigana) over it when `ruby` is set. */
export type TextRun = { text: string; ruby?: string };

/**
 * Aozora Bunko ruby markup, as the demo text books use it: `｜親字《るび》`, or `漢字《かんじ》`
 * without the bar, where the base is the run of kanji before 《.
 */
const rubyPattern = /｜([^｜《》]+)《([^《》]+)》|([\p{Script=Han}々〆ヶ]+)《([^《》]+)》/gu;

export function parseRuby(source: string): TextRun[] {
  const runs: TextRun[] = [];
  let last = 0;
  for (const match of source.matchAll(rubyPattern)) {
    const index = match.index;
    if (index > last) runs.push({ text: source.slice(last, index) });
    runs.push({ text: (match[1] ?? match[3])!, ruby: (match[2] ?? match[4])! });
    last = index + match[0].length;
  }
  if (last < source.length) runs.push({ text: source.slice(last) });
  return runs;
}
