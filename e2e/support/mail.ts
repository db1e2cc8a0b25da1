import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import type { StoreServer } from './server';

const parsed = new Map<string, ParsedMail>();

async function mailsOf(store: StoreServer): Promise<{ file: string; mail: ParsedMail }[]> {
  const folder = path.join(store.dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(folder)
      .filter((f) => f.endsWith('.eml'))
      .sort();
  } catch {
    return [];
  }
  const mails: { file: string; mail: ParsedMail }[] = [];
  for (const file of files) {
    const key = path.join(folder, file);
    let mail = parsed.get(key);
    if (!mail) parsed.set(key, (mail = await simpleParser(readFileSync(key))));
    mails.push({ file, mail });
  }
  return mails;
}

const recipients = (mail: ParsedMail) => [mail.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address));

/**
 * The newest mail the store wrote to `to` whose subject contains `subject`, as a person finds it
 * in their mailbox: the store with no SMTP server writes each mail to DATA_DIR/mail (README
 * "Mail"); waits for the outbox job to send it.
 */
export async function mailTo(store: StoreServer, to: string, subject: string, timeoutMs = 30_000): Promise<ParsedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mailsOf(store))
      .reverse()
      .find(({ mail }) => recipients(mail).includes(to) && (mail.subject ?? '').includes(subject));
    if (found) return found.mail;
    if (Date.now() > until) throw new Error(`no mail "${subject}" to ${to} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The first link of a mail's text part to the store's page `pagePath` (`/password_reset/confirm`). */
export function linkIn(mail: ParsedMail, pagePath: string): string {
  const link = new RegExp(`https?://[^\\s]+${pagePath.replace(/\//g, '\\/')}\\?token=[\\w-]+`).exec(mail.text ?? '')?.[0];
  if (!link) throw new Error(`no ${pagePath} link in "${mail.subject}"`);
  return link;
}
