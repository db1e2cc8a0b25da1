import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, expect, test } from 'vitest';

const CONFIG = path.resolve(import.meta.dirname, '../src/config.ts');
const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

/**
 * Runs `loadConfig` in a process of its own on DATA_DIR and returns the media URL key it read.
 * Each process loads the module first and then waits for one shared instant, so the first reads
 * and writes of the folder overlap as they do when a cluster's workers start.
 */
function keyFromProcess(dataDir: string, startAt: number): Promise<string> {
  const script = [
    `const { loadConfig } = await import(${JSON.stringify(CONFIG)});`,
    `while (Date.now() < ${startAt});`,
    'process.stdout.write(loadConfig().secrets.mediaUrlKey);',
  ].join('\n');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err}`))));
  });
}

test('processes starting together on a fresh data folder all read one secrets file, never a half-written one', async () => {
  for (let round = 0; round < 3; round += 1) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-secrets-'));
    folders.push(dataDir);
    const startAt = Date.now() + 4000;
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyFromProcess(dataDir, startAt)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(readdirSync(dataDir)).toEqual(['secrets.json']);
  }
}, 90_000);
