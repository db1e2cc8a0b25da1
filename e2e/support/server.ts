import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { type Browser, chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StoreServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

/** The built store on a random port with a fresh data folder on SQLite. */
export async function startStore(): Promise<StoreServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-e2e-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', NODE_ENV: 'production' },
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

/** Debian's Chromium, with the flags this machine needs (no sandbox as root, no network chatter). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
}

export const screenshotDir = path.join(root, 'e2e/screenshots');
mkdirSync(screenshotDir, { recursive: true });

/** Manga coins for a member the way support grants them (`npm run admin -- grant`, README). */
export async function grantMangaCoins(store: StoreServer, email: string, amount: number): Promise<void> {
  await promisify(execFile)(
    path.join(root, 'node_modules/.bin/tsx'),
    ['apps/server/src/admin.ts', 'grant', '--email', email, '--currency', 'MANGA_COIN', '--amount', String(amount), '--reason', 'e2e'],
    { cwd: root, env: { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: '' } },
  );
}
