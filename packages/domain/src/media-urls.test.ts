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
});
