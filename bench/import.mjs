// Import rows of `npm run bench`: a generated 200-page CBZ of 1600×2400 JPEGs imported
// with every page's derivatives, in pages/s next to sharp alone making the same derivatives
// (target: the ratio ≥ 0.9, issue 36: on two cores sharp alone makes about 6 pages/s of these
// derivatives, so pages/s says what the machine is, the ratio what the import adds), and the peak RSS of a process importing a 500-page book
// (target ≤ 400 MB). Fixtures are generated into a temp folder and removed after.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root } from './harness.mjs';

function run(...args) {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(root, 'node_modules/.bin/tsx'), [path.join(root, 'bench/import-bench.ts'), ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const match = /IMPORT (\{.*\})/.exec(output);
      if (code === 0 && match) resolve(JSON.parse(match[1]));
      else reject(new Error(`bench/import-bench.ts ${args.join(' ')} exited with ${code}:\n${output}`));
    });
  });
}

const row = (name, value, unit, target, met) => ({ name, rps: value, p50: '-', p99: '-', unit, target, met });

/** Rows shaped like the autocannon rows (`rps` holds the figure); `unit` names it. */
export async function importRows() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hondana-bench-import-'));
  try {
    const { file: book200 } = await run('fixtures', dir, '200');
    const speed = await run('speed', book200);
    const importRate = speed.imported.pages / speed.imported.seconds;
    const sharpRate = speed.sharp.pages / speed.sharp.seconds;
    const ratio = importRate / sharpRate;
    const cpuPerPage = (side) => (side.cpuSeconds * 1000) / side.pages;
    rmSync(book200);
    const { file: book500 } = await run('fixtures', dir, '500');
    const rss = await run('rss', book500);
    return [
      row(
        `import, 200-page CBZ of 1600×2400 JPEGs, every page's derivatives (${speed.imported.derivatives} files) (pages/s)`,
        importRate,
        'pages/s',
        '',
        null,
      ),
      row(`sharp alone, the same derivatives of the same pages (pages/s; ${speed.sharp.shape})`, sharpRate, 'pages/s', '', null),
      row('import ÷ sharp alone (target ≥ 0.9)', ratio, 'ratio', '≥ 0.9', ratio >= 0.9),
      row('CPU time per page, import (ms, every thread)', cpuPerPage(speed.imported), 'ms', '', null),
      row('CPU time per page, sharp alone (ms, every thread)', cpuPerPage(speed.sharp), 'ms', '', null),
      row(
        `peak RSS of a process importing a 500-page book (${rss.imported.pages} pages in ${rss.imported.seconds.toFixed(1)} s) (MB; target ≤ 400)`,
        rss.maxRssMb,
        'MB',
        '≤ 400',
        rss.maxRssMb <= 400,
      ),
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// `node bench/import.mjs`: the import rows alone.
if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await importRows();
  console.log(`\nimport, ${new Date().toISOString()}\n`);
  console.log('| target | figure | unit | met |');
  console.log('|---|---:|---|---|');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.unit === 'ratio' ? r.rps.toFixed(2) : Math.round(r.rps * 10) / 10} | ${r.unit} | ${r.met === null ? '' : r.met ? 'yes' : '**no**'} |`,
    );
}
