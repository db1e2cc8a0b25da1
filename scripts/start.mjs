#!/usr/bin/env node
// `npm start`: builds the web app when its build is missing or older than its sources, then
// runs the server in this same process (tsx's loader registered here), so a signal sent to
// `npm start`, as a process manager sends it, reaches the store itself: nothing is left behind.
// `npm run dev` (--watch) runs it under `node --watch` instead, which restarts it on changes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const main = path.join(root, 'apps/server/src/main.ts');
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
const stale = !existsSync(buildMarker) || Math.max(...sources.map(newestMtime)) > statSync(buildMarker).mtimeMs;
if (stale && process.env.HONDANA_WEB !== 'false') {
  console.log('Building the web app (first start, or its sources changed)…');
  const started = Date.now();
  const built = spawnSync('npm', ['run', 'build', '--workspace', 'apps/web', '--silent'], {
    cwd: root,
    // The bundler's own lines go to a person only when the build fails.
    stdio: ['ignore', 'pipe', 'pipe'],
    encoding: 'utf8',
  });
  if (built.status !== 0) {
    process.stdout.write(built.stdout ?? '');
    process.stderr.write(built.stderr ?? '');
    process.exit(built.status ?? 1);
  }
  console.log(`Built the web app in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

// React picks its production renderer from NODE_ENV when first imported.
process.env.NODE_ENV ??= 'production';

if (process.argv.includes('--watch')) {
  const child = spawn(process.execPath, ['--watch', '--import', 'tsx', main], { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(main).href);
}
