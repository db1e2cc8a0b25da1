import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { escapeLike, katakanaToHiragana, normalizeSearchText, searchWords, titleSearchText } from './search-text';

describe('normalizeSearchText', () => {
  it('folds katakana to hiragana so しんかい matches シンカイ', () => {
    expect(normalizeSearchText('シンカイ')).toBe('しんかい');
    expect(normalizeSearchText('しんかい')).toBe('しんかい');
  });
  it('folds half-width katakana (with voiced marks) through NFKC', () => {
    expect(normalizeSearchText('ｼﾝｶｲ')).toBe('しんかい');
    expect(normalizeSearchText('ﾊﾞﾗ')).toBe('ばら');
  });
  it('folds full-width latin and digits and letter case', () => {
    expect(normalizeSearchText('ＭＡＮＧＡ１２')).toBe('manga12');
    expect(normalizeSearchText('Manga')).toBe('manga');
  });
  it('drops ASCII and ideographic spaces', () => {
    expect(normalizeSearchText('シンカイ　ハルト')).toBe('しんかいはると');
    expect(normalizeSearchText(' a b ')).toBe('ab');
  });
  it('keeps kanji and the long-vowel mark', () => {
    expect(normalizeSearchText('新海ラーメン')).toBe('新海らーめん');
  });
  it('is idempotent', () => {
    fc.assert(fc.property(fc.string(), (s) => normalizeSearchText(normalizeSearchText(s)) === normalizeSearchText(s)));
  });
  it('never leaves katakana of the ァ..ヶ block', () => {
    fc.assert(fc.property(fc.string(), (s) => !/[\u30a1-\u30f6]/u.test(katakanaToHiragana(s))));
  });
});

describe('searchWords', () => {
  it('splits on any space and normalises each word', () => {
    expect(searchWords('シンカイ　ﾊﾙﾄ  ')).toEqual(['しんかい', 'はると']);
    expect(searchWords('   ')).toEqual([]);
  });
});

describe('titleSearchText', () => {
  it('joins title and author names and readings, each normalised', () => {
    const text = titleSearchText({ name: '夜明けの図書館', kana: 'ヨアケノトショカン' }, [{ name: '新海 遥斗', kana: 'シンカイ ハルト' }]);
    expect(text).toContain('しんかいはると');
    expect(text).toContain('新海遥斗');
    expect(text).toContain('よあけのとしょかん');
  });
});

describe('escapeLike', () => {
  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\')).toBe('50\\%\\_a\\\\');
  });
});
