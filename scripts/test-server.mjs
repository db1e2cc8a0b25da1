#!/usr/bin/env node
// Server tests: always on SQLite, and again on PostgreSQL when DATABASE_URL is set
// (each test file creates and drops its own database there).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// A few server tests serve the store's pages (the member page cache): they need the web build.
// `npm test` builds before this; run alone, it builds when there is none yet.
if (!existsSync(new URL('../apps/web/build/server/index.js', import.meta.url))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const dialects = ['sqlite', ...(process.env.DATABASE_URL ? ['postgres'] : [])];
for (const dialect of dialects) {
  console.log(`\n— server tests on ${dialect} —`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DIALECT: dialect },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
