import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

/** The field rendered as the server sends it. */
const render = (props: Parameters<typeof TextField>[0]) => renderToStaticMarkup(createElement(TextField, props));

/** An attribute of the page's one <input>. */
function inputAttribute(html: string, name: string): string | null {
  const input = /<input\b[^>]*>/.exec(html)?.[0] ?? '';
  return new RegExp(`\\s${name}="([^"]*)"`).exec(input)?.[1] ?? null;
}

/**
 * The input's accessible description as the accessible-name computation makes it: the text of
 * each element its aria-describedby names, in that order, joined by a space (elements holding
 * text only, as the field renders them).
 */
function accessibleDescription(html: string): string {
  const ids = inputAttribute(html, 'aria-describedby')?.split(' ') ?? [];
  return ids
    .map((id) => {
      const element = new RegExp(`<(\\w+)[^>]*\\sid="${id}"[^>]*>([^<]*)</\\1>`).exec(html);
      if (!element) throw new Error(`aria-describedby names ${id}, which is not on the page`);
      return element[2]!.trim();
    })
    .join(' ');
}

describe('TextField', () => {
  it('is invalid while in error, and its accessible description is the error text', () => {
    const html = render({ name: 'email', label: 'メールアドレス', error: '正しいメールアドレスを入力してください' });
    expect(inputAttribute(html, 'aria-invalid')).toBe('true');
    expect(accessibleDescription(html)).toBe('正しいメールアドレスを入力してください');
  });

  it('keeps its hint in the description after the error, and shows both', () => {
    const html = render({ name: 'nickname', label: 'ニックネーム', hint: '20文字まで', error: 'ニックネームを入力してください' });
    expect(inputAttribute(html, 'aria-describedby')).toBe('field-nickname-error field-nickname-hint');
    expect(accessibleDescription(html)).toBe('ニックネームを入力してください 20文字まで');
  });

  it('leaves out a hint its error already says (read twice, it says nothing more)', () => {
    const html = render({
      name: 'password',
      label: 'パスワード',
      hint: '8文字以上で入力してください',
      error: 'パスワードは8文字以上で入力してください',
    });
    expect(inputAttribute(html, 'aria-describedby')).toBe('field-password-error');
    expect(accessibleDescription(html)).toBe('パスワードは8文字以上で入力してください');
    expect(html).not.toContain('id="field-password-hint"');
  });

  it('is described by its hint alone, and not invalid, without an error', () => {
    const html = render({ name: 'password', label: 'パスワード', hint: '8文字以上' });
    expect(inputAttribute(html, 'aria-invalid')).toBeNull();
    expect(accessibleDescription(html)).toBe('8文字以上');
  });

  it('has no description at all without hint or error', () => {
    const html = render({ name: 'nickname', label: 'ニックネーム' });
    expect(inputAttribute(html, 'aria-describedby')).toBeNull();
    expect(inputAttribute(html, 'aria-invalid')).toBeNull();
  });

  it('is invalid and described by the form’s own message when its error is told there (errorId)', () => {
    const html = render({ name: 'current_password', label: '現在のパスワード', errorId: 'form-error' });
    expect(inputAttribute(html, 'aria-invalid')).toBe('true');
    expect(inputAttribute(html, 'aria-describedby')).toBe('form-error');
    expect(html).not.toContain('field-current_password-error');
  });

  it('uses the id it is given for its own messages', () => {
    const html = render({ id: 'signup-email', name: 'email', label: 'メールアドレス', error: 'このメールアドレスは登録済みです' });
    expect(inputAttribute(html, 'id')).toBe('signup-email');
    expect(accessibleDescription(html)).toBe('このメールアドレスは登録済みです');
  });
});
