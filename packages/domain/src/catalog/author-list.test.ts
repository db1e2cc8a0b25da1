import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AUTHOR_LIST_MAX, AUTHOR_SEPARATOR, ELLIPSIS, truncateAuthors } from './author-list';

const names = (...n: string[]) => n.map((name, i) => ({ authorId: i + 1, name }));
const len = (s: string) => Array.from(s).length;
/** The names as the author links read them, one after another. */
const authorLine = (list: readonly string[], max: number): string =>
  truncateAuthors(
    list.map((name) => ({ name })),
    max,
  )
    .shown.map((a) => a.shown)
    .join(AUTHOR_SEPARATOR);

describe('§9 author list truncation (34 wide, 16 narrow)', () => {
  it('the limits are those of §9', () => {
    expect(AUTHOR_LIST_MAX).toEqual({ wide: 34, narrow: 16 });
  });

  it('a line of exactly the limit is shown whole, one character more is cut with …', () => {
    // 7 + 1 + 8 = 16 characters.
    expect(authorLine(['あいうえおかき', 'さしすせそたちつ'], 16)).toBe('あいうえおかき・さしすせそたちつ');
    expect(authorLine(['あいうえおかき', 'さしすせそたちつて'], 16)).toBe('あいうえおかき・さしすせそたちつ…');
  });

  it('the same authors are whole on a wide screen and cut on a narrow one', () => {
    const list = ['原作・山田太郎', '作画・佐藤花子と仲間たち'];
    expect(authorLine(list, AUTHOR_LIST_MAX.wide)).toBe('原作・山田太郎・作画・佐藤花子と仲間たち');
    expect(authorLine(list, AUTHOR_LIST_MAX.narrow)).toBe('原作・山田太郎・作画・佐藤花子と…');
  });

  it('authors past the limit are left out and the last shown one is marked cut', () => {
    const r = truncateAuthors(names('山田太郎', '佐藤花子', '鈴木一郎', '高橋次郎'), 10);
    expect(r.truncated).toBe(true);
    expect(r.shown.map((a) => a.shown)).toEqual(['山田太郎', '佐藤花子…']);
    expect(r.shown.map((a) => a.author.authorId)).toEqual([1, 2]);
    expect(r.shown.at(-1)?.cut).toBe(true);
  });

  it('a character outside the BMP counts once and is never split', () => {
    expect(authorLine(['𠮷野家𠮷太郎'], 3)).toBe('𠮷野家…');
  });

  it('an empty list is an empty line', () => {
    expect(truncateAuthors([], 16)).toEqual({ shown: [], truncated: false });
  });

  it('never more than the limit (plus the ellipsis), and whole whenever it fits', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 20 }), { maxLength: 6 }), fc.integer({ min: 1, max: 40 }), (list, max) => {
        const line = authorLine(list, max);
        const whole = list.join('・');
        if (len(whole) <= max) expect(line).toBe(whole);
        else {
          expect(line.endsWith(ELLIPSIS)).toBe(true);
          expect(len(line)).toBeLessThanOrEqual(max + 1);
          expect(whole.startsWith(line.slice(0, -1))).toBe(true);
        }
      }),
    );
  });
});
