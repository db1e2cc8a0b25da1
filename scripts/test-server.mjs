#!/usr/bin/env node
// Server tests: on SQLite, and again on PostgreSQL when DATABASE_URL is set (each test file
// creates and drops its own database there).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

// A few server tests serve the store's pages (the member page cache): they need the web build.
// `npm test` builds before this; run alone, it builds when there is none yet.
if (!existsSync(new URL('../apps/web/build/server/index.js', import.meta.url))) {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// SERVER_TEST_DIALECTS=postgres (or sqlite) runs one of them only: CI runs SQLite's on Node 24
// (.ci/run says why).
const dialects = (process.env.SERVER_TEST_DIALECTS?.split(',') ?? ['sqlite', 'postgres']).filter(
  (dialect) => dialect === 'sqlite' || (dialect === 'postgres' && process.env.DATABASE_URL),
);
for (const dialect of dialects) {
  console.log(`\n— server tests on ${dialect} —`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'server', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, TEST_DIALECT: dialect },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
