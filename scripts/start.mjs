#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server. Later starts skip the build, so they take a couple of seconds.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildMarker = path.join(root, 'apps/web/build/server/index.js');

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'build' || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const sources = [path.join(root, 'apps/web/app'), path.join(root, 'packages/domain/src')];
const stale =
  !existsSync(buildMarker) || Math.max(...sources.map(newestMtime)) > statSync(buildMarker).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const built = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
// --watch (npm run dev) restarts the server when its code changes.
const watch = process.argv.includes('--watch') ? ['watch'] : [];
// React picks its production renderer from NODE_ENV when first imported.
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
const server = spawn(tsx, [...watch, path.join(root, 'apps/server/src/main.ts')], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
