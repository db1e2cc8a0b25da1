import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { watchAxe } from './axe-watch';
import { watchCsp } from './csp-watch';
import { copyDemoTemplate } from './demo-template';
import { signUpThrough } from './members';
import { storeCommand, storeEntry } from './store-command';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StoreServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * The built store (its bundle, `storeEntry`) on a random port with a fresh data folder on SQLite. The folder starts as a
 * copy of the run's demo template when there is one (`demo-template.ts`); otherwise the store
 * generates the demo catalog on its first start. `env` adds settings of this store only (a
 * shorter sandbox time limit, say).
 */
export async function startStore(env: Record<string, string> = {}): Promise<StoreServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-e2e-'));
  copyDemoTemplate(dataDir);
  const child = spawn(process.execPath, storeEntry('main.ts'), {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      CHECK_RESPONSES: 'true',
      MAIL_OUTBOX_INTERVAL_MS: '300',
      // The journeys' browsers stand for devices on addresses of their own (`deviceHeaders`), told
      // to the store as a reverse proxy would; the store believes it from loopback only.
      TRUST_PROXY: '127.0.0.1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await waitForListening(child);
  return {
    url,
    dataDir,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForListening(child: ChildProcess): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /本棚 is serving (http:\/\/\S+)/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the store exited with ${code}:\n${output}`)));
  });
}

/**
 * Debian's Chromium, with the flags this machine needs (no sandbox as root, no network chatter);
 * its contexts fail the journey on anything the pages' Content-Security-Policy blocks (`csp-watch.ts`).
 */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  return watchAxe(watchCsp(browser));
}

export const screenshotDir = path.join(root, 'e2e/screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** Manga coins for a member the way support grants them (`npm run admin -- grant`, README). */
export function grantMangaCoins(store: StoreServer, email: string, amount: number): Promise<void> {
  return grant(store, email, 'MANGA_COIN', amount);
}

/** Manga coins, coins or points for a member the way support grants them (`npm run admin -- grant`, README). */
export async function grant(store: StoreServer, email: string, currency: 'MANGA_COIN' | 'COIN' | 'POINT', amount: number): Promise<void> {
  await storeCommand(store.dataDir, 'admin.ts', [
    'grant',
    '--email',
    email,
    '--currency',
    currency,
    '--amount',
    String(amount),
    '--reason',
    'e2e',
  ]);
}

/**
 * A member signed up through the API in a browser context of its own (pages stay guests until
 * they log in), then granted `coins` manga coins.
 */
export async function signUpWithCoins(
  browser: Browser,
  store: StoreServer,
  member: { email: string; nickname: string; coins: number },
): Promise<void> {
  const context = await browser.newContext();
  await signUpThrough(context.request, store, member);
  await context.close();
  await grantMangaCoins(store, member.email, member.coins);
}
