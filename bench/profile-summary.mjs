#!/usr/bin/env node
// What a `.cpuprofile` spent its samples on: self time by function and by file (package), and the
// total time under the functions whose name matches PROFILE_UNDER (a regular expression); the
// samples of the first PROFILE_SKIP_S seconds (the start, module loading, the warm-up) left out.
// `node bench/profile-summary.mjs <file.cpuprofile> [top]`
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 30);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map();
const skipUs = Number(process.env.PROFILE_SKIP_S ?? 0) * 1e6;
let at = 0;
for (let i = 0; i < profile.samples.length; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  at += dt;
  if (at < skipUs) continue;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const where = (n) => {
  const url = n.callFrame.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  return pkg ? pkg[1] : url.replace(/^.*\/(apps|packages)\//, '$1/') || `(${n.callFrame.functionName || 'native'})`;
};
const add = (map, key, v) => map.set(key, (map.get(key) ?? 0) + v);
const fns = new Map();
const files = new Map();
for (const [id, t] of self) {
  const n = byId.get(id);
  add(fns, `${n.callFrame.functionName || '(anonymous)'}  ${where(n)}:${n.callFrame.lineNumber + 1}`, t);
  add(files, where(n), t);
}
const print = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(`${((100 * v) / total).toFixed(1).padStart(5)} %  ${k}`);
};
print('self time by file or package', files);
print('self time by function', fns);
const under = process.env.PROFILE_UNDER;
if (under) {
  const re = new RegExp(under);
  const inclusive = new Map();
  for (const [id, t] of self) {
    const seen = new Set();
    for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
      const n = byId.get(cur);
      const key = `${n.callFrame.functionName}  ${where(n)}:${n.callFrame.lineNumber + 1}`;
      if (re.test(key) && !seen.has(key)) {
        seen.add(key);
        add(inclusive, key, t);
      }
    }
  }
  print(`total time under functions matching ${under}`, inclusive);
}
