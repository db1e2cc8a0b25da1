import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { MailConfig } from './mail-config';

/** One rendered mail, ready to send. */
export interface MailMessage {
  /** The outbox row: names the file of the file mailer and the Message-ID. */
  outboxId: number;
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** List-Unsubscribe and List-Unsubscribe-Post for notice mails. */
  headers: Record<string, string>;
}

/** Sends mail: over SMTP, or into `DATA_DIR/mail/` as `.eml` files when no SMTP server is set. */
export interface Mailer {
  readonly kind: 'smtp' | 'files';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** The folder of the file mailer's `.eml` files. */
export const mailFolder = (dataDir: string) => path.join(dataDir, 'mail');

/** The `.eml` file of an outbox row: one name per row, so sending a row again overwrites it. */
export const emlFileName = (outboxId: number) => `${String(outboxId).padStart(8, '0')}.eml`;

const envelope = (config: MailConfig, message: MailMessage) => ({
  from: config.from,
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  messageId: message.messageId,
  headers: message.headers,
});

/**
 * The store's one mailer: nodemailer over `SMTP_URL` when it is set; else nodemailer builds the
 * same message (MIME, encoded headers) and it is written to `DATA_DIR/mail/<id>.eml`, which the
 * console lists at /admin/mail.
 */
export function createMailer(config: MailConfig, dataDir: string): Mailer {
  if (config.smtpUrl) {
    const transport = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail(envelope(config, message));
      },
      close: () => transport.close(),
    };
  }
  const folder = mailFolder(dataDir);
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'files',
    async send(message) {
      const built = await builder.sendMail(envelope(config, message));
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, emlFileName(message.outboxId));
      // Written whole under a temporary name, then renamed: the console never lists half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, built.message as Buffer);
      await rename(temporary, file);
    },
    close: () => builder.close(),
  };
}
