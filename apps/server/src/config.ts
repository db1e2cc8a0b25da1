import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  secrets: Secrets;
}

/** Secrets generated into DATA_DIR on first start, so no one has to invent them. */
export interface Secrets {
  /** Key for signed, short-lived media URLs. */
  mediaUrlKey: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? './data');
  mkdirSync(dataDir, { recursive: true });
  return {
    port: parsePort(env.PORT),
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    cookieSecure: env.COOKIE_SECURE === 'true',
    guestPageCacheSeconds: parseSeconds('PAGE_CACHE_SECONDS', env.PAGE_CACHE_SECONDS, 5),
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

function loadSecrets(dataDir: string): Secrets {
  const file = path.join(dataDir, 'secrets.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as Secrets;
  const secrets: Secrets = { mediaUrlKey: randomBytes(32).toString('base64url') };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
