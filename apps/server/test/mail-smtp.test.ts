import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { drainMail } from './support/mail';
import { createMember, signUp } from './support/members';

/** A real SMTP server on a free port keeping every message it accepts, raw. */
let smtp: SMTPServer;
const received: { envelopeTo: string[]; raw: Buffer }[] = [];
let t: TestApp;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks) });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const port = (smtp.server.address() as AddressInfo).port;
  t = await buildTestApp({
    config: {
      mail: {
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: '本棚 <no-reply@hondana.test>',
        publicUrl: 'https://hondana.test',
        everyMs: 1000,
        leaseMs: 60_000,
      },
    },
  });
});
afterAll(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail over SMTP', () => {
  it('a password reset arrives with Japanese headers and a text part whose link sets the password', async () => {
    const member = createMember({ nickname: 'ハナコ' });
    await signUp(t.app, member);
    await drainMail(t.app); // the signup's confirmation mail
    received.length = 0;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/password_reset', payload: { email: member.email } })).statusCode).toBe(
      200,
    );
    await drainMail(t.app);
    expect(received).toHaveLength(1);
    const [message] = received;
    expect(message!.envelopeTo).toEqual([member.email]);
    const raw = message!.raw.toString();
    // Non-ASCII headers travel encoded (RFC 2047) and read back as Japanese.
    expect(raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/m);
    expect(raw).toMatch(/^From: =\?UTF-8\?[BQ]\?.+\?= <no-reply@hondana\.test>/m);
    const parsed = await simpleParser(message!.raw);
    expect(parsed.subject).toBe('【本棚】パスワードの再設定');
    expect(parsed.from?.value).toEqual([{ name: '本棚', address: 'no-reply@hondana.test' }]);
    expect(parsed.messageId).toMatch(/^<hondana\.\d+\.[0-9a-f]{16}@hondana\.test>$/);
    expect(parsed.headers.get('list-unsubscribe')).toBeUndefined();
    expect(parsed.text).toContain('ハナコ 様');
    expect(parsed.html).toContain('<a href="https://hondana.test/password_reset/confirm?token=');
    const link = /https:\/\/hondana\.test(\/password_reset\/confirm\?token=([\w-]+))/.exec(parsed.text ?? '');
    expect(link).not.toBeNull();
    // The link works: the page it opens posts the token with the new password.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password_reset/confirm',
      payload: { token: link![2], password: 'reset over smtp' },
    });
    expect(reset.statusCode).toBe(200);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: member.email, password: 'reset over smtp' },
    });
    expect(login.statusCode).toBe(200);
    // And the member is told it changed, once.
    await drainMail(t.app);
    await drainMail(t.app);
    const told = await Promise.all(received.slice(1).map((m) => simpleParser(m.raw)));
    expect(told.map((m) => m.subject)).toEqual(['【本棚】パスワードが再設定されました']);
  });
});
