import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { capturingMailer, drainMail, outboxMails } from './support/mail';
import { createMember, signUp } from './support/members';
import { testClock } from './support/subscription-factories';
import { enqueueMail } from '../src/modules/mail/outbox';

const START = Date.parse('2026-12-06T03:00:00Z');
const clock = testClock(START);
const capture = capturingMailer();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    mailer: capture.mailer,
    config: {
      mail: { smtpUrl: undefined, from: '本棚 <no-reply@hondana.test>', publicUrl: 'https://hondana.test', everyMs: 1000, leaseMs: 60_000 },
    },
  });
});
afterAll(() => t.close());

const db = () => t.database.db;
const userIdOf = async (cookie: string) =>
  (await t.app.inject({ url: '/api/common/get_status', headers: { cookie } })).json().userId as number;
const sentTo = (address: string) => capture.sent.filter((m) => m.to === address);

describe('the outbox', () => {
  it('sends each mail once after its commit, to the address the member has when it is sent', async () => {
    const member = createMember();
    const userId = await userIdOf(await signUp(t.app, member, { confirmed: false }));
    await drainMail(t.app);
    await drainMail(t.app);
    const mails = sentTo(member.email);
    expect(mails.map((m) => m.subject)).toEqual(['【本棚】メールアドレスの確認']);
    expect(mails[0]!.text).toContain(`${member.nickname} 様`);
    expect(mails[0]!.text).toMatch(/https:\/\/hondana\.test\/email\/confirm\?token=[\w-]{43}/);
    expect(mails[0]!.messageId).toMatch(/^<hondana\.\d+\.[0-9a-f]{16}@hondana\.test>$/);
    const [row] = await outboxMails(db(), { kind: 'EMAIL_CONFIRM', userId });
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, to_address: member.email });
  });

  it('one event writes one mail, however often it is written', async () => {
    const userId = await userIdOf(await signUp(t.app));
    for (let i = 0; i < 3; i += 1) {
      await enqueueMail(db(), { kind: 'PASSWORD_CHANGED', key: 'test-event:once', userId, data: { at: START, how: 'CHANGE' } }, START);
    }
    expect(await outboxMails(db(), { kind: 'PASSWORD_CHANGED', userId })).toHaveLength(1);
  });

  it('tries a failed send again later with a growing delay, then sends it once', async () => {
    const member = createMember();
    const userId = await userIdOf(await signUp(t.app, member));
    await drainMail(t.app);
    await enqueueMail(db(), { kind: 'PASSWORD_CHANGED', key: `retry:${userId}`, userId, data: { at: START, how: 'CHANGE' } }, clock.now());
    capture.state.failing = true;
    await drainMail(t.app);
    let [row] = await outboxMails(db(), { kind: 'PASSWORD_CHANGED', userId });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, last_error: 'smtp: 451 try again later' });
    expect(Number(row!.next_attempt_at)).toBe(clock.now() + 60_000);
    capture.state.failing = false;
    await drainMail(t.app); // not due yet
    expect(sentTo(member.email).filter((m) => m.subject.includes('パスワード'))).toHaveLength(0);
    clock.set(clock.now() + 60_000);
    await drainMail(t.app);
    await drainMail(t.app);
    expect(sentTo(member.email).filter((m) => m.subject.includes('パスワード'))).toHaveLength(1);
    [row] = await outboxMails(db(), { kind: 'PASSWORD_CHANGED', userId });
    expect(row).toMatchObject({ status: 'SENT', attempts: 2 });
  });

  it("a notice mail honours the member's switch, carries List-Unsubscribe, and its link turns the switch off", async () => {
    const member = createMember();
    const cookie = await signUp(t.app, member);
    const userId = await userIdOf(cookie);
    const title = await insertTitle(db(), { name: '待望の続刊' });
    await insertBook(db(), title, 1, { start_datetime: START - 10 * 86_400_000 });
    const wishToken = (await t.app.inject({ url: '/api/wish_title/add/create_token', headers: { cookie } })).json().status.token;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/wish_title/add',
          headers: { cookie },
          payload: { title_id: title, token: wishToken },
        })
      ).statusCode,
    ).toBe(200);
    await t.app.ops.scheduler.runDue(); // the new-volume scan starts from now
    const vol2 = await insertBook(db(), title, 2, { start_datetime: clock.now() + 60_000 });
    clock.set(clock.now() + 120_000);
    await db().updateTable('scheduler_jobs').set({ next_run_at: 0 }).execute();
    await drainMail(t.app); // runs the scan (mails are written) and the outbox
    await drainMail(t.app);
    const [notice] = sentTo(member.email).filter((m) => m.subject.includes('新刊'));
    expect(notice?.subject).toBe('【本棚】新刊が配信されました：待望の続刊 2巻');
    expect(notice?.text).toContain(`/series_list/series_id=${title}?book_id=${vol2}`);
    expect(notice?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const api = /^<(https:\/\/hondana\.test(\/api\/mail\/unsubscribe\?token=[^>]+))>$/.exec(notice!.headers['List-Unsubscribe']!)!;
    expect(notice?.text).toContain(api[1]!.replace('/api/mail/', '/mail/'));
    expect((await t.app.inject({ url: api[2]! })).json()).toEqual({ result: 'OK', kind: 'NEW_VOLUME', enabled: true });
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: api[2]!,
          payload: 'List-Unsubscribe=One-Click',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
        })
      ).json(),
    ).toEqual({ result: 'OK', kind: 'NEW_VOLUME', enabled: false });
    expect((await t.app.inject({ url: '/api/user/notification_settings/v2', headers: { cookie } })).json().mailNotificationEnabled).toBe(
      false,
    );
    expect((await t.app.inject({ url: api[2]!.replace(/token=[^.]+/, 'token=forged') })).json().errorCode).toBe('INVALID_TOKEN');
    // The next volume's notice is written but not sent.
    await insertBook(db(), title, 3, { start_datetime: clock.now() + 60_000 });
    clock.set(clock.now() + 120_000);
    await db().updateTable('scheduler_jobs').set({ next_run_at: 0 }).execute();
    await drainMail(t.app);
    await drainMail(t.app);
    expect(sentTo(member.email).filter((m) => m.subject.includes('新刊'))).toHaveLength(1);
    const notices = await outboxMails(db(), { kind: 'NEW_VOLUME', userId });
    expect(notices.map((n) => n.status)).toEqual(['SENT', 'SKIPPED']);
    // The settings page turns it on again.
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/user/notification_settings/v2',
      headers: { cookie },
      payload: { linePushEnabled: false, appPushEnabled: true, amebaNotificationEnabled: true, mailNotificationEnabled: true },
    });
    expect(saved.json().mailNotificationEnabled).toBe(true);
  });
});
