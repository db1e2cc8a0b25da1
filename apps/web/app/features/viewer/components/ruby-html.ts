/**
 * The server's chapter HTML with its ruby read once (docs/architecture.md, accessibility): the
 * server writes furigana as `<ruby>親字<rt>おやじ</rt></ruby>` (book-text.ts, every other tag
 * escaped), which a screen reader speaks as the base and then its reading, run together
 * ("おやじおやじ"). The reading is hidden from assistive technology (`aria-hidden` on `<rt>`), so
 * the base is read once, as printed (speech pronounces it, braille and search get the book's
 * characters); sighted readers still see the furigana. `<rp>` parentheses round the reading
 * for what does not lay ruby out (reader modes, plain-text copies): `親字（おやじ）`, never
 * `親字おやじ`; browsers that lay ruby out do not show them.
 */
export function rubyReadOnce(html: string): string {
  return html
    .replaceAll('<rt>', '<rp aria-hidden="true">（</rp><rt aria-hidden="true">')
    .replaceAll('</rt>', '</rt><rp aria-hidden="true">）</rp>');
}
