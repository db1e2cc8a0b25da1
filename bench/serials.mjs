#!/usr/bin/env node
// Serials API rows (issue 6): the episode list, a member's episode data, the episode browser
// with signed page URLs, and a signed episode page image. `node bench/serials.mjs` runs them
// alone against a fresh store on the demo catalog.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** Rows for the bench table; `measure(name, url, options)` is an autocannon wrapper. */
export async function serialsRows(storeUrl, measure, cookie) {
  const browser = await (await fetch(`${storeUrl}/api/serial_episode_browsers/1`)).json();
  const image = browser.pages_data.pages[0].images.find((i) => i.width === 720).webp;
  return [
    await measure('GET /api/serial_episodes?serial_id=1&limit=100 (episode list)', `${storeUrl}/api/serial_episodes?serial_id=1&limit=100`),
    await measure('GET /api/user_serial_episodes/me/?serial_id=1 (member, §4 prices)', `${storeUrl}/api/user_serial_episodes/me/?serial_id=1`, { headers: { cookie } }),
    await measure('GET /api/serial_episode_browsers/1 (free episode, member)', `${storeUrl}/api/serial_episode_browsers/1`, { headers: { cookie } }),
    await measure('GET /media/episodes/1/0/720.webp (signed episode page)', `${storeUrl}${image}`),
  ];
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const duration = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
  const measure = async (name, url, options = {}) => {
    await autocannon({ url, connections, duration: 1, ...options });
    const r = await autocannon({ url, connections, duration, ...options });
    if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { name, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
  };
  const dataDir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-serials-'));
  const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '', NODE_ENV: 'production', HONDANA_WEB: 'false' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await new Promise((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk) => {
        output += chunk;
        const match = /LISTENING (\S+)/.exec(output) ?? /本棚 is serving (http:\/\/\S+)/.exec(output);
        if (match) resolve(match[1].replace('localhost', '127.0.0.1'));
      });
      child.on('exit', (code) => reject(new Error(`store exited with ${code}:\n${output}`)));
    });
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench-${Date.now()}@example.jp`, password: 'bench-password', nickname: 'bench', birth_date: '1990-01-01' }),
    });
    const cookie = signup.headers.get('set-cookie').split(';')[0];
    const rows = await serialsRows(url, measure, cookie);
    console.log(`\nautocannon, ${connections} connections, ${duration} s each, ${new Date().toISOString()}\n`);
    console.log('| target | req/s | p50 ms | p99 ms |');
    console.log('|---|---:|---:|---:|');
    for (const row of rows) console.log(`| ${row.name} | ${Math.round(row.rps)} | ${row.p50} | ${row.p99} |`);
  } finally {
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}
