import { describe, expect, it } from 'vitest';
import { copyLookup, i18n } from './i18n';

describe('copy lookup', () => {
  it('reads nested keys and fills their placeholders', () => {
    expect(i18n.t('site.name')).toBe('本棚');
    expect(i18n.t('bookTile.alt', { title: '夜明けの図書館', vol: 2 })).toBe('夜明けの図書館 2巻の表紙');
    // Asked again: from what the first call remembered, with new values.
    expect(i18n.t('bookTile.alt', { title: '月の庭', vol: 10 })).toBe('月の庭 10巻の表紙');
  });

  it('keeps a placeholder without a value as written, and answers an unknown key with the key', () => {
    expect(i18n.t('bookTile.alt', { title: '月の庭' })).toBe('月の庭 {{vol}}巻の表紙');
    expect(i18n.t('no.such.key' as never)).toBe('no.such.key');
  });

  it('fills every placeholder of a template, with spaces inside the braces or not', () => {
    const copy = copyLookup({ a: '{{x}}と{{ y }}と{{x}}', plain: '値なし' });
    expect(copy('a', { x: 1, y: '二' })).toBe('1と二と1');
    expect(copy('a', { x: 'い', y: 'ろ' })).toBe('いとろとい');
    expect(copy('plain', { x: 1 })).toBe('値なし');
  });
});
