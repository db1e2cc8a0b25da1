/** Where mail goes (README "Mail"): SMTP when `SMTP_URL` is set, else `.eml` files in DATA_DIR/mail. */
export interface MailConfig {
  /** `smtp://user:pass@host:587` (or `smtps://…:465`); unset: files. */
  smtpUrl: string | undefined;
  /** The From of every mail. */
  from: string;
  /** The store's address as a reader opens it, for the links in mails (no trailing slash); unset: the address the process listens on. */
  publicUrl: string | undefined;
  /** How often the outbox is drained. */
  everyMs: number;
  /** How long a process holds the mails it took before another may send them. */
  leaseMs: number;
}

export function mailConfigFromEnv(env: NodeJS.ProcessEnv): MailConfig {
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/+$/, '') : undefined;
  if (publicUrl !== undefined && !/^https?:\/\/[^/]+$/.test(publicUrl))
    throw new Error(`PUBLIC_URL must be an http(s) address, got "${env.PUBLIC_URL}"`);
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) throw new Error('SMTP_URL must start with smtp:// or smtps://');
  return {
    smtpUrl,
    from: env.MAIL_FROM || `本棚 <no-reply@${publicUrl ? new URL(publicUrl).hostname : 'localhost'}>`,
    publicUrl,
    everyMs: positive('MAIL_OUTBOX_INTERVAL_MS', env.MAIL_OUTBOX_INTERVAL_MS, 2000),
    leaseMs: positive('MAIL_OUTBOX_LEASE_MS', env.MAIL_OUTBOX_LEASE_MS, 60_000),
  };
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 50 || number > 3_600_000) throw new Error(`${name} must be 50–3600000 ms, got "${value}"`);
  return number;
}

/** Without configuration: files in DATA_DIR/mail, links to the address the store listens on. */
export const defaultMailConfig = (): MailConfig => mailConfigFromEnv({});
