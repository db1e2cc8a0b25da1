/**
 * Normalisation of search text (keyword search): both the stored search column and the
 * words a reader types go through `normalizeSearchText`, so that matching is a plain substring
 * test that folds full/half width (NFKC), letter case and hiragana/katakana, and ignores spaces.
 */

const KATAKANA_FIRST = 0x30a1; // ァ
const KATAKANA_LAST = 0x30f6; // ヶ
const KANA_DISTANCE = 0x60; // ァ (U+30A1) − ぁ (U+3041)

/** Katakana to hiragana (ァ..ヶ → ぁ..ゖ); the long-vowel mark ー and everything else are kept. */
export function katakanaToHiragana(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += code >= KATAKANA_FIRST && code <= KATAKANA_LAST ? String.fromCodePoint(code - KANA_DISTANCE) : ch;
  }
  return out;
}

/** NFKC (half-width katakana and full-width latin fold), lower case, hiragana, no whitespace. */
export function normalizeSearchText(text: string): string {
  return katakanaToHiragana(text.normalize('NFKC').toLowerCase()).replace(/[\s\u3000]+/gu, '');
}

/** The words of a query, each normalised; empty words are dropped. At most `max` words. */
export function searchWords(query: string, max = 5): string[] {
  return query
    .normalize('NFKC')
    .split(/[\s\u3000]+/u)
    .map(normalizeSearchText)
    .filter((w) => w.length > 0)
    .slice(0, max);
}

/** The text stored for a title: its name and reading, and every author's name and reading. */
export function titleSearchText(title: { name: string; kana: string }, authors: readonly { name: string; kana: string }[]): string {
  return [title.name, title.kana, ...authors.flatMap((a) => [a.name, a.kana])].map(normalizeSearchText).join('\u0001');
}

/** Escapes `%`, `_` and `\` for a `LIKE … ESCAPE '\'` pattern. */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);
