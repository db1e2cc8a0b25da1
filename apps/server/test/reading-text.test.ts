import { describe, expect, it } from 'vitest';
import { aozoraToHtml, chapterHtml } from '../src/modules/reading/book-text';

describe('Aozora Bunko markup to HTML', () => {
  it('turns marked and kanji-run ruby into <ruby>', () => {
    expect(aozoraToHtml('｜図書館《としょかん》へ行く')).toBe('<ruby>図書館<rt>としょかん</rt></ruby>へ行く');
    expect(aozoraToHtml('それは夜明《よあ》けだった')).toBe('それは<ruby>夜明<rt>よあ</rt></ruby>けだった');
    expect(aozoraToHtml('人々《ひとびと》')).toBe('<ruby>人々<rt>ひとびと</rt></ruby>');
  });

  it('escapes everything else, so stored text cannot inject markup', () => {
    expect(aozoraToHtml('<script>alert("x")</script>&')).toBe('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;');
    expect(aozoraToHtml('｜<b>《"x"》')).toBe('<ruby>&lt;b&gt;<rt>&quot;x&quot;</rt></ruby>');
  });

  it('makes one <p> per non-empty line', () => {
    expect(chapterHtml('　一行目\n\n「二行目」')).toBe('<p>　一行目</p><p>「二行目」</p>');
  });
});
