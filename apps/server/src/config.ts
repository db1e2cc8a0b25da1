import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type MediaConfig, mediaConfigFromEnv } from './media/media-config';
import { type MailConfig, mailConfigFromEnv } from './modules/mail/mail-config';
import { vapidKeyPair } from './modules/push/vapid';

/** Everything the store reads from its environment; README.md documents each with its default. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL connection string; when absent the store uses SQLite in `dataDir`. */
  databaseUrl: string | undefined;
  logLevel: string;
  /** Mark the session cookie `Secure` (set when the store is served over HTTPS). */
  cookieSecure: boolean;
  /** Seconds a guest's rendered page is served to the next guests; 0 renders every request. */
  guestPageCacheSeconds: number;
  /**
   * Members' pages are kept for as long, per member part (decision 029); MEMBER_PAGE_CACHE=false
   * renders every member's page (the bench's before / after rows, or to rule the cache out).
   */
  memberPageCache: boolean;
  /**
   * Proxies whose X-Forwarded-For / -Proto / -Host are believed (addresses, CIDR ranges, or
   * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`); false: none, the client's
   * address is the connection's.
   */
  trustProxy: string[] | false;
  /** Bearer token of `GET /metrics`; unset: no metrics. */
  metricsToken: string | undefined;
  /** Log one line per request (off by default: it costs a third of a small call's throughput). */
  logRequests: boolean;
  /**
   * Check every response against its route's schema and fail the request when it does not
   * match (CHECK_RESPONSES=true; on in tests and journeys, off in production: `http/response-schemas.ts`).
   */
  checkResponses: boolean;
  /** Worker processes of `npm start` (node:cluster); 1 runs the store in the started process. */
  webConcurrency: number;
  /** After SIGTERM: the longest wait for requests in flight before the process exits anyway. */
  shutdownTimeoutMs: number;
  /** After SIGTERM: how long /readyz answers 503 while the process still serves, before it stops listening. */
  shutdownDelayMs: number;
  /** Where media are kept (MEDIA_S3_BUCKET, MEDIA_S3_ENDPOINT; default DATA_DIR/media). */
  media: MediaConfig;
  /** Where mail goes (SMTP_URL, MAIL_FROM, PUBLIC_URL; default `.eml` files in DATA_DIR/mail). */
  mail: MailConfig;
  secrets: Secrets;
}

/** Secrets generated into DATA_DIR on first start, so no one has to invent them. */
interface Secrets {
  /** Key for signed, short-lived media URLs. */
  mediaUrlKey: string;
  /**
   * The store's VAPID key pair for Web Push (issue 38; base64url, P-256): the push services know
   * the store's notices by it. Always there in a data folder's file; an app built with secrets of
   * its own (tests) without them gets a pair for its process.
   */
  vapid?: { publicKey: string; privateKey: string };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  const port = parsePort(env.PORT);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === 'true',
    guestPageCacheSeconds: parseSeconds('PAGE_CACHE_SECONDS', env.PAGE_CACHE_SECONDS, 5),
    memberPageCache: env.MEMBER_PAGE_CACHE !== 'false',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    metricsToken: env.METRICS_TOKEN || undefined,
    logRequests: env.LOG_REQUESTS === 'true',
    checkResponses: env.CHECK_RESPONSES === 'true',
    webConcurrency: parseInteger('WEB_CONCURRENCY', env.WEB_CONCURRENCY, 1, 1, 64),
    shutdownTimeoutMs: parseInteger('SHUTDOWN_TIMEOUT_MS', env.SHUTDOWN_TIMEOUT_MS, 10_000, 100, 600_000),
    shutdownDelayMs: parseInteger('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0, 0, 600_000),
    media: mediaConfigFromEnv(env),
    mail: mailConfigFromEnv(env),
    secrets: loadSecrets(dataDir),
  };
}

function parsePort(value: string | undefined): number {
  if (value === undefined || value === '') return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be 0–65535, got "${value}"`);
  return port;
}

function parseSeconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const seconds = Number(value);
  if (!Number.isFinite(seconds) || seconds < 0 || seconds > 3600) throw new Error(`${name} must be 0–3600 seconds, got "${value}"`);
  return seconds;
}

function parseInteger(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < min || number > max)
    throw new Error(`${name} must be an integer ${min}–${max}, got "${value}"`);
  return number;
}

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const ADDRESS = /^[0-9a-fA-F:.]+(\/\d{1,3})?$/;

/**
 * TRUST_PROXY: a comma-separated list of the reverse proxies in front of the store. `true` or a
 * hop count would believe X-Forwarded-For from any client, which lets anyone pick the address the
 * login limits count, so they are refused.
 */
export function parseTrustProxy(value: string | undefined): string[] | false {
  if (value === undefined || value.trim() === '' || value === 'false') return false;
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.filter((entry) => !NAMED_RANGES.has(entry) && !ADDRESS.test(entry));
  if (bad.length > 0) {
    throw new Error(
      `TRUST_PROXY must list the proxies' addresses or CIDR ranges (e.g. "127.0.0.1,10.0.0.0/8", or loopback, linklocal, uniquelocal), got "${bad.join(', ')}"`,
    );
  }
  return entries;
}

/**
 * The secrets are made once per data folder. Several processes may start on one folder at the
 * same time, so a process writes its candidate to a file of its own and links it into place:
 * link(2) fails when the name exists, so exactly one candidate wins and every process reads it.
 * A reader never sees a half-written file.
 */
function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (!existsSync(file)) {
    const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    const secrets: Secrets = { mediaUrlKey: randomBytes(32).toString('base64url'), vapid: vapidKeyPair() };
    writeFileSync(candidate, JSON.stringify(secrets, null, 2), { mode: 0o600 });
    try {
      linkSync(candidate, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      rmSync(candidate, { force: true });
    }
  }
  const secrets = JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  return secrets.vapid ? secrets : addVapidKeys(file);
}

/**
 * A data folder from before Web Push has no VAPID keys: the first process to take the lock file
 * (created exclusively) writes the file again with a new pair (renamed into place, so a reader
 * sees the old file or the new one); the others wait for the pair to appear and read it.
 */
function addVapidKeys(file: string): Secrets {
  const lock = `${file}.vapid-lock`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const secrets = JSON.parse(readFileSync(file, 'utf8')) as Secrets;
    if (secrets.vapid) return secrets;
    let fd: number | null = null;
    try {
      fd = openSync(lock, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (fd !== null) {
      try {
        const current = JSON.parse(readFileSync(file, 'utf8')) as Secrets;
        if (current.vapid) return current;
        const next: Secrets = { ...current, vapid: vapidKeyPair() };
        const candidate = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(candidate, JSON.stringify(next, null, 2), { mode: 0o600 });
        renameSync(candidate, file);
        return next;
      } finally {
        closeSync(fd);
        rmSync(lock, { force: true });
      }
    }
    if (Date.now() > deadline)
      throw new Error(`${lock} is left from a process that stopped while adding the VAPID keys: remove it and start again`);
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
  }
}
