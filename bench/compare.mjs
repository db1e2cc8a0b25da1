#!/usr/bin/env node
// `npm run bench -- --compare REF`: the hot rows of this tree against the tree of REF (a commit,
// branch or tag; or the path of a checkout), in one run, alternated, as ratios and store CPU per
// request. REF's checkout is a `git worktree` under the system's temp folder (made once, kept for
// the next run), its node_modules copied from this tree's (`cp -a`; then `npm install` there
// when REF's dependencies differ), its pages built when they are not.
//
// Rows: get_status, guest book detail, the top and series pages rendered (no page cache), each a
// window per tree in turn, BENCH_ROUNDS rounds (bench/shims-ab.mjs, `AB_TREES`); then token + buy,
// the whole purchase flow and cart checkouts, store CPU per purchase in one process per tree
// pair, REPS rounds alternated (bench/purchases-ab.ts). On a machine shared with other work only
// the ratios within one run mean anything: the other load slows both trees alike.
//
// Options (environment): COMPARE_ROWS=pages,purchases (default both), BENCH_ROUNDS (3),
// BENCH_SECONDS (5 here), SHIMS_FIGURES ("status book top series"), REPS (6), AB_SEED_CACHE=dir (keep
// each tree's seeded demo data folder there between runs: a first start draws the demo's images).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './harness.mjs';

const at = process.argv.indexOf('--compare');
const ref = at >= 0 ? process.argv[at + 1] : process.argv[2];
if (!ref) throw new Error('usage: npm run bench -- --compare REF (a commit, branch, tag, or the path of a checkout)');

const git = (args, cwd = root) => {
  const result = spawnSync('git', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
  return result.stdout.trim();
};
const sh = (command, args, cwd) => {
  console.log(`$ (${cwd}) ${command} ${args.join(' ')}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed in ${cwd}`);
};

/** The checkout of REF, ready to start: a worktree, its node_modules and its built pages. */
function checkoutOf(refName) {
  if (existsSync(refName) && existsSync(path.join(refName, 'apps/server/src/main.ts'))) return path.resolve(refName);
  const sha = git(['rev-parse', '--verify', `${refName}^{commit}`]);
  const dir = path.join(tmpdir(), `hondana-ref-${sha.slice(0, 12)}`);
  if (!existsSync(dir)) sh('git', ['worktree', 'add', '--detach', dir, sha], root);
  if (!existsSync(path.join(dir, 'node_modules'))) {
    for (const modules of ['node_modules', 'apps/server/node_modules', 'apps/web/node_modules']) {
      if (existsSync(path.join(root, modules))) sh('cp', ['-a', path.join(root, modules), path.join(dir, path.dirname(modules))], root);
    }
    // Only what REF's lock file asks beyond this tree's (usually a few packages).
    const same = spawnSync('git', ['diff', '--quiet', sha, '--', 'package-lock.json'], { cwd: root }).status === 0;
    if (!same) sh('npm', ['install', '--no-audit', '--no-fund'], dir);
  }
  return dir;
}

function ensureBuilt(dir) {
  if (!existsSync(path.join(dir, 'apps/web/build/server'))) sh('npm', ['run', 'build'], dir);
}

function runNode(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

const refDir = checkoutOf(ref);
const label = existsSync(ref) ? path.basename(refDir) : ref;
const rows = (process.env.COMPARE_ROWS ?? 'pages,purchases').split(',');
console.log(`comparing ${refDir} (${label}, base of the ratios) with ${root} (now), ${new Date().toISOString()}`);
console.log("one run, windows alternated between the trees; the machine's other load slows both alike, so read the ratios.\n");
if (rows.includes('pages')) {
  ensureBuilt(refDir);
  ensureBuilt(root);
  await runNode([path.join(root, 'bench/shims-ab.mjs')], {
    AB_TREES: `${label}=${refDir},now=${root}`,
    SHIMS_FIGURES: process.env.SHIMS_FIGURES ?? 'status book top series',
    BENCH_ROUNDS: process.env.BENCH_ROUNDS ?? '3',
    BENCH_SECONDS: process.env.BENCH_SECONDS ?? '5',
  });
}
if (rows.includes('purchases')) {
  console.log(`\nstore CPU per purchase and per cart checkout (in-process, app.inject), ${label} then now:`);
  await runNode(['--import', 'tsx', path.join(root, 'bench/purchases-ab.ts')], {
    TREES: `${refDir},${root}`,
    REPS: process.env.REPS ?? '6',
  });
}
