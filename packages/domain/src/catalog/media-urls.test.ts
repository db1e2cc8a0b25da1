import { describe, expect, it } from 'vitest';
import { coverSrcSet, coverSrcSetFor, coverUrl } from './media-urls';

describe('cover URLs', () => {
  it('writes a versioned URL per width and format', () => {
    expect(coverUrl(12, 128, 3)).toBe('/media/covers/12/128.webp?v=3');
    expect(coverUrl(12, 106, 3, 'jpg')).toBe('/media/covers/12/106.jpg?v=3');
  });

  it('derives the srcset of the cover an imageUrl shows, in either format', () => {
    expect(coverSrcSetFor(coverUrl(12, 128, 3), 'jpg')).toBe(coverSrcSet(12, 3, 'jpg'));
    expect(coverSrcSetFor(coverUrl(12, 128, 3), 'webp')).toContain('/media/covers/12/480.webp?v=3 480w');
  });

  it('gives no srcset for a URL it did not write', () => {
    expect(coverSrcSetFor('https://elsewhere.example/a.webp', 'webp')).toBe('');
    expect(coverSrcSetFor('/media/covers/12/128.webp', 'webp')).toBe('');
  });

  it('gives the same srcsets from memory as written, for more covers than it keeps', () => {
    const written = (bookId: number, version: number, format: 'webp' | 'jpg') =>
      [106, 128, 150, 212, 256, 480].map((w) => `${coverUrl(bookId, w, version, format)} ${w}w`).join(', ');
    for (let round = 0; round < 2; round++) {
      for (let bookId = 1; bookId <= 5000; bookId += 1) {
        const version = (bookId % 3) + 1;
        expect(coverSrcSet(bookId, version)).toBe(written(bookId, version, 'webp'));
        expect(coverSrcSetFor(coverUrl(bookId, 128, version), 'jpg')).toBe(written(bookId, version, 'jpg'));
      }
    }
  });
});
