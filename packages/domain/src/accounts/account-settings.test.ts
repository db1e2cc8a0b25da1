import { describe, expect, it } from 'vitest';
import { EmailChangeBody, PasswordChangeBody, PasswordResetBody, PasswordResetConfirmBody } from './account-settings-api';
import { addressPrefix, deviceLabel } from './account-settings';

describe('deviceLabel', () => {
  it('names the browser and the system of common User-Agents', () => {
    expect(deviceLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36')).toBe(
      'Chrome（Windows）',
    );
    expect(
      deviceLabel(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari（iPhone）');
    expect(
      deviceLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36 Edg/124.0',
      ),
    ).toBe('Edge（Mac）');
    expect(deviceLabel('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toBe('Firefox（Linux）');
    expect(deviceLabel('Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36')).toBe(
      'Chrome（Android）',
    );
  });

  it('says it does not know rather than guessing', () => {
    expect(deviceLabel('')).toBe('不明なブラウザ');
    expect(deviceLabel('curl/8.5.0')).toBe('不明なブラウザ');
  });
});

describe('addressPrefix', () => {
  it('keeps the network of an address, not the machine', () => {
    expect(addressPrefix('203.0.113.42')).toBe('203.0.113.*');
    expect(addressPrefix('::ffff:198.51.100.7')).toBe('198.51.100.*');
    expect(addressPrefix('2001:0db8:85a3:0000:0000:8a2e:0370:7334')).toBe('2001:0db8:85a3::/48');
    expect(addressPrefix('2001:db8:1::1')).toBe('2001:db8:1::/48');
    expect(addressPrefix('not an address')).toBe('');
  });
});

describe('account settings schemas', () => {
  it('name the failing field', () => {
    expect(PasswordResetBody.safeParse({ email: 'nope' }).error?.issues[0]?.path).toEqual(['email']);
    expect(PasswordResetConfirmBody.safeParse({ token: 't', password: 'short' }).error?.issues[0]?.path).toEqual(['password']);
    expect(EmailChangeBody.safeParse({ email: 'a@example.jp' }).error?.issues[0]?.path).toEqual(['password']);
    expect(PasswordChangeBody.safeParse({ password: 'long enough pass' }).error?.issues[0]?.path).toEqual(['current_password']);
  });

  it('takes an address as the member typed it, trimmed and lower-cased', () => {
    expect(PasswordResetBody.parse({ email: '  Reader@Example.JP ' }).email).toBe('reader@example.jp');
  });
});
