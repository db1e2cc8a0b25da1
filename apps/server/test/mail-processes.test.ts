import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { enqueueMail } from '../src/modules/mail/outbox';
import { insertTitle } from './support/catalog-factories';
import { outboxMails } from './support/mail';
import { createMember } from './support/members';
import { type ProcessDatabase, type ServerProcess, client, createProcessDatabase, startServer } from './support/server-processes';

/**
 * The outbox with real store processes (`main.ts`) and a real SMTP server: a process killed in
 * the middle of sending leaves the mail to the next one, which sends it once; two processes
 * draining one outbox send every mail once.
 */
let database: ProcessDatabase | null = null;
let smtp: SMTPServer | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.destroy();
  database = null;
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  smtp = null;
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** An SMTP server keeping the messages it accepted; while `hang` is set it takes a message's data and never answers. */
async function startSmtp() {
  const state = { hang: false, hung: [] as string[], received: [] as { to: string; raw: Buffer }[] };
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      const to = session.envelope.rcptTo.map((r) => r.address).join(',');
      const hang = state.hang;
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (hang) state.hung.push(to);
        else {
          state.received.push({ to, raw: Buffer.concat(chunks) });
          callback();
        }
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', () => resolve()));
  return { state, url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}` };
}

async function until(done: () => boolean | Promise<boolean>, what: string, ms = 30_000) {
  for (let waited = 0; !(await done()); waited += 100) {
    if (waited > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

describe('mail outbox across processes', () => {
  it('a process killed while sending leaves the mail to the next process, which sends it once', async () => {
    database = await createProcessDatabase();
    await insertTitle(database.handle.db); // a catalog exists: no demo generation at start
    const mail = await startSmtp();
    const env = {
      ...database.env,
      SMTP_URL: mail.url,
      MAIL_FROM: '本棚 <no-reply@hondana.test>',
      MAIL_OUTBOX_INTERVAL_MS: '200',
      MAIL_OUTBOX_LEASE_MS: '1500',
    };
    mail.state.hang = true;
    const first = await startServer(env);
    servers.push(first);
    const member = createMember();
    expect((await client(`${first.url}/api`).post('/auth/signup', member)).status).toBe(200);
    // The signup committed its confirmation mail; the process is in the middle of sending it.
    await until(() => mail.state.hung.includes(member.email), 'the first process to start sending');
    await first.stop('SIGKILL');
    mail.state.hang = false;
    const [row] = await outboxMails(database.handle.db, { kind: 'EMAIL_CONFIRM' });
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });

    const second = await startServer(env);
    servers.push(second);
    await until(() => mail.state.received.some((m) => m.to === member.email), 'the mail after the restart');
    await sleep(1500); // more runs of the job: nothing is sent again
    expect(mail.state.received.filter((m) => m.to === member.email)).toHaveLength(1);
    const parsed = await simpleParser(mail.state.received[0]!.raw);
    expect(parsed.subject).toBe('【本棚】メールアドレスの確認');
    expect((await outboxMails(database.handle.db, { kind: 'EMAIL_CONFIRM' }))[0]).toMatchObject({ status: 'SENT', attempts: 2 });
  }, 120_000);

  it('two processes draining one outbox send every mail once', async () => {
    database = await createProcessDatabase();
    const db = database.handle.db;
    await insertTitle(db);
    const mail = await startSmtp();
    const now = Date.now();
    const addresses = Array.from({ length: 60 }, (_, i) => `reader${i}-${process.pid}@example.jp`);
    for (const [i, to] of addresses.entries()) {
      await enqueueMail(db, { kind: 'WITHDRAWAL_DONE', key: `two-processes:${i}`, to, data: { nickname: `読者${i}`, at: now } }, now);
    }
    const env = { ...database.env, SMTP_URL: mail.url, MAIL_OUTBOX_INTERVAL_MS: '100', MAIL_OUTBOX_LEASE_MS: '5000' };
    const [one, two] = await Promise.all([startServer(env), startServer(env)]);
    servers.push(one!, two!);
    await until(async () => (await outboxMails(db, { kind: 'WITHDRAWAL_DONE' })).every((m) => m.status === 'SENT'), 'every mail sent');
    await sleep(1000);
    expect(mail.state.received.map((m) => m.to).sort()).toEqual([...addresses].sort());
    // Each row was sent once (a row whose lease ran out under load may have been taken twice, and sent by one of them).
    const rows = await outboxMails(db, { kind: 'WITHDRAWAL_DONE' });
    expect(rows.every((r) => r.status === 'SENT' && r.attempts >= 1)).toBe(true);
    const ids = await Promise.all(mail.state.received.map(async (m) => (await simpleParser(m.raw)).messageId));
    expect(new Set(ids).size).toBe(addresses.length);
  }, 120_000);
});
