import { describe, expect, it } from 'vitest';
import { lineShareUrl, shareText, twitterShareUrl } from './share-text';

describe('invitation share text', () => {
  it('without a title: the full message and the full closing line', () => {
    expect(shareText({ amount: 500, title: null, destination: 'twitter' })).toBe(
      '本棚で使える500円分のチケットをプレゼント！このリンクから無料会員登録してね\n本棚でマンガを読もう',
    );
  });
  it('a long title (25 weighted characters or more) shortens the Twitter message only', () => {
    const title = 'あ'.repeat(25);
    expect(shareText({ amount: 500, title, destination: 'twitter' }).split('\n')[1]).toBe('500円分のチケットをプレゼント！');
    expect(shareText({ amount: 500, title, destination: 'line' }).split('\n')[1]).toContain('このリンクから');
  });
  it('a middling title (9 to under 25) shortens the closing line; ASCII counts half', () => {
    expect(shareText({ amount: 500, title: 'ONE PIECE 1', destination: 'line' }).split('\n')).toEqual([
      '「ONE PIECE 1」がおすすめ！',
      '本棚で使える500円分のチケットをプレゼント！このリンクから無料会員登録してね',
      '本棚でマンガを読もう',
    ]);
    expect(shareText({ amount: 500, title: 'ONE PIECE 100巻 特装版', destination: 'line' }).split('\n')[2]).toBe('本棚で読もう');
  });
  it('share targets carry the link (and the text for X) encoded', () => {
    expect(lineShareUrl('https://h.example/i/abc')).toBe(
      'https://social-plugins.line.me/lineit/share?url=https%3A%2F%2Fh.example%2Fi%2Fabc',
    );
    expect(twitterShareUrl('本棚', 'https://h.example/i/abc')).toBe(
      'https://twitter.com/intent/tweet?text=%E6%9C%AC%E6%A3%9A&url=https%3A%2F%2Fh.example%2Fi%2Fabc',
    );
  });
});
