import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import Database from 'better-sqlite3';
import { AXE_LOG, AXE_LOG_ENV } from './axe-watch';
import { DEMO_TEMPLATE_ENV, TEMPLATE_INFO, type TemplateInfo } from './demo-template';
import { storeCommand } from './store-command';

const DAY = 86_400_000;
const JST_OFFSET = 9 * 3_600_000;

/**
 * `node --import tsx support/with-demo-template.ts COMMAND ARGS…` (the e2e `test` script): makes
 * this run's demo template (`demo-template.ts` says why), runs COMMAND with
 * HONDANA_E2E_DEMO_TEMPLATE naming it, removes it after, and exits with COMMAND's status.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error('usage: with-demo-template.ts COMMAND [ARGS…]');
  process.exit(2);
}

const template = mkdtempSync(path.join(tmpdir(), 'hondana-e2e-demo-'));
const remove = () => rmSync(template, { recursive: true, force: true });
let status: number;
try {
  await makeTemplate(template);
  // The shared axe check's log of this run (axe-watch.ts): each page state checked once per run.
  mkdirSync(path.dirname(AXE_LOG), { recursive: true });
  writeFileSync(AXE_LOG, '');
  status = await run(command, args, { ...process.env, [DEMO_TEMPLATE_ENV]: template, [AXE_LOG_ENV]: AXE_LOG });
} finally {
  remove();
}
process.exit(status);

/**
 * What a store's first start leaves in its data folder before it serves: migrations, then the demo
 * catalog, made by `npm run seed` (apps/server/src/seed.ts, "as the first start does"; a separate
 * process, so the e2e project does not type-check the server's code again). The seed command also
 * counts a catalog change for stores already running on the folder; none is, and a first start
 * counts none, so that count is taken back.
 */
async function makeTemplate(dataDir: string): Promise<void> {
  const started = performance.now();
  // Taken before the demo's own "now": a template made across Tokyo midnight is for the new day,
  // and is then (rightly) not used at all rather than used on a day it was not made for.
  const now = Date.now();
  await storeCommand(dataDir, 'seed.ts', [], { LOG_LEVEL: 'warn' });
  const db = new Database(path.join(dataDir, 'hondana.db'));
  try {
    db.prepare("delete from store_changes where topic = 'catalog'").run();
  } finally {
    db.close();
  }
  // The demo's dates hang on the Tokyo day of `now` (tokyoDayStart in apps/server/src/demo/demo-plan.ts).
  const info: TemplateInfo = { tokyoDayEnd: Math.floor((now + JST_OFFSET) / DAY) * DAY - JST_OFFSET + DAY };
  writeFileSync(path.join(dataDir, TEMPLATE_INFO), JSON.stringify(info));
  console.log(`demo template for this run made in ${((performance.now() - started) / 1000).toFixed(1)} s (${dataDir})`);
}

/** Runs the command in this terminal; a SIGINT reaches it from the terminal, a SIGTERM is passed on. */
function run(file: string, argv: string[], env: NodeJS.ProcessEnv): Promise<number> {
  const child = spawn(file, argv, { stdio: 'inherit', env });
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}
