import { describe, expect, it } from 'vitest';
import { rubyReadOnce } from './ruby-html';

describe('rubyReadOnce', () => {
  it('hides each reading from assistive technology and puts it in parentheses for what cannot lay ruby out', () => {
    expect(rubyReadOnce('<p>その<ruby>親字<rt>おやじ</rt></ruby>は<ruby>漢字<rt>かんじ</rt></ruby>。</p>')).toBe(
      '<p>その<ruby>親字<rp aria-hidden="true">（</rp><rt aria-hidden="true">おやじ</rt><rp aria-hidden="true">）</rp></ruby>は' +
        '<ruby>漢字<rp aria-hidden="true">（</rp><rt aria-hidden="true">かんじ</rt><rp aria-hidden="true">）</rp></ruby>。</p>',
    );
  });

  it('leaves text without ruby, and escaped markup in the text, as it is', () => {
    expect(rubyReadOnce('<p>&lt;rt&gt;は本文</p>')).toBe('<p>&lt;rt&gt;は本文</p>');
  });
});
