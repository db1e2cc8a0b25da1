import { describe, expect, it } from 'vitest';
import { markFigures, showFigures } from './offline-figures';

/** What book-text.ts figureHtml writes for image 0 of book 7. */
const figure = (query: string) =>
  `<figure><img src="/media/figures/7/0/1080.webp?${query}" srcset="/media/figures/7/0/720.webp?${query} 720w, /media/figures/7/0/1080.webp?${query} 1080w" width="600" height="800" alt="" loading="eager" decoding="async"></figure>`;

describe('illustrations of a saved text chapter', () => {
  it('keeps the smallest width to fetch and drops the expiring URLs from the stored HTML', () => {
    const html = `<p>前</p>${figure('v=1&amp;g=abc&amp;e=99')}<p>後</p>${figure('v=1&amp;g=def&amp;e=99')}`;
    const saved = markFigures(html);
    expect(saved.sources).toEqual(['/media/figures/7/0/720.webp?v=1&g=abc&e=99', '/media/figures/7/0/720.webp?v=1&g=def&e=99']);
    expect(saved.html).not.toContain('/media/figures');
    expect(saved.html).toContain('<img data-offline-figure="0" width="600" height="800"');
    expect(saved.html).toContain('<img data-offline-figure="1" width="600"');
    expect(saved.html.startsWith('<p>前</p><figure>')).toBe(true);
  });

  it('gives each marked image its stored blob, and none when the blob is missing', () => {
    const { html } = markFigures(`${figure('g=1')}${figure('g=2')}`);
    const shown = showFigures(html, (n) => (n === 0 ? 'blob:http://store/abc' : null));
    expect(shown).toContain('<img src="blob:http://store/abc" width="600"');
    expect(shown).not.toContain('data-offline-figure');
    expect(shown.match(/<img /g)).toHaveLength(2);
  });

  it('leaves a chapter without images as it is', () => {
    const html = '<p><ruby>吾輩<rt>わがはい</rt></ruby>は猫である。</p>';
    expect(markFigures(html)).toEqual({ html, sources: [] });
  });

  it('falls back to the src of an image without a srcset', () => {
    expect(markFigures('<img src="/media/figures/1/2/1080.webp?a=1&amp;b=2" alt="">').sources).toEqual([
      '/media/figures/1/2/1080.webp?a=1&b=2',
    ]);
  });
});
