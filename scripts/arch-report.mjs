#!/usr/bin/env node
// The renovation's counts (docs/architecture.md): query calls outside `*.repository.ts` files,
// pairs of server areas that import each other (outside a short allow-list), web files that call
// `fetch` directly, and route registrations with no response schema (those answering JSON
// should have one; an image, a page, a CSV or a redirect has none).
// `node scripts/arch-report.mjs [--list]`
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const list = process.argv.includes('--list');
const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [file] : [];
  });
const rel = (file) => path.relative(root, file);

// 1. Queries outside repositories (migrations and the database wrapper are the schema's own).
const server = path.join(root, 'apps/server/src');
const query = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql(<[^>]*>)?`/g;
const outside = [];
for (const file of walk(server)) {
  const r = rel(file);
  if (/\.repository\.ts$/.test(r) || r.includes('/db/')) continue;
  const n = (readFileSync(file, 'utf8').match(query) ?? []).length;
  if (n > 0) outside.push([r, n]);
}

// 2. Server areas (modules/<area>, or the top folder under src) importing each other.
const areaOf = (file) => {
  const parts = path.relative(server, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : parts.length > 1 ? parts[0] : null;
};
const edges = new Map();
for (const file of walk(server)) {
  const from = areaOf(file);
  if (!from) continue;
  for (const [, spec] of readFileSync(file, 'utf8').matchAll(/from '(\.[^']+)'/g)) {
    const to = areaOf(path.resolve(path.dirname(file), spec));
    if (!to || to === from) continue;
    const key = `${from}→${to}`;
    edges.set(key, (edges.get(key) ?? 0) + 1);
  }
}
// Pairs that import each other on purpose: one use case that runs both ways, each with its
// reason (docs/architecture.md). They are listed, not counted; the list only shrinks.
const PAIRS_ALLOWED = new Map([
  [
    'accounts ⇄ orders',
    "get_status reads the member's first-buy and paid states with orders' subqueries in its one polled statement; orders' routes read the session",
  ],
  [
    'notices ⇄ reviews',
    "the page's reviews section says whether the title is wished; wishing checks the title's review visibility and the badge counts review notices",
  ],
]);
const pairs = [...edges.keys()]
  .map((key) => key.split('→'))
  .filter(([a, b]) => a < b && edges.has(`${b}→${a}`))
  .map(([a, b]) => [`${a} ⇄ ${b}`, `${a} ⇄ ${b} (${edges.get(`${a}→${b}`)}/${edges.get(`${b}→${a}`)})`]);
const mutual = pairs.filter(([pair]) => !PAIRS_ALLOWED.has(pair)).map(([, line]) => line);
const allowed = pairs.filter(([pair]) => PAIRS_ALLOWED.has(pair)).map(([pair, line]) => `${line}: ${PAIRS_ALLOWED.get(pair)}`);

// 3. Web files that call fetch themselves.
const fetchers = walk(path.join(root, 'apps/web/app'))
  .filter((file) => /\bfetch\(/.test(readFileSync(file, 'utf8')))
  .map(rel);

const total = outside.reduce((sum, [, n]) => sum + n, 0);
console.log(`queries outside repositories: ${total} in ${outside.length} files`);
if (list) for (const [r, n] of outside.sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${r}`);
console.log(`server areas importing each other: ${mutual.length} pairs (and ${allowed.length} allowed)`);
if (list) for (const line of mutual) console.log(`  ${line}`);
if (list) for (const line of allowed) console.log(`  allowed: ${line}`);
console.log(`web files calling fetch: ${fetchers.length}`);
if (list) for (const r of fetchers) console.log(`  ${r}`);

// 4. Route registrations whose options name no response schema.
const unschemed = [];
for (const file of walk(server)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\bapp\.(get|post|put|delete|patch)\(([^,]+),/g)) {
    const head = text.slice(match.index, text.indexOf('=>', match.index));
    if (!/\bresponse\b/.test(head)) unschemed.push(`${rel(file)}: ${match[1].toUpperCase()} ${match[2].trim()}`);
  }
}
console.log(`routes without a response schema: ${unschemed.length}`);
if (list) for (const r of unschemed) console.log(`  ${r}`);

// 5. Issue 43's "small things done several ways": `Db` declared outside db/schema.ts, and web
// files writing amounts with toLocaleString instead of formatAmount (lint refuses it now).
const dbDeclarations = walk(server)
  .filter((file) => !file.endsWith(path.join('db', 'schema.ts')) && /^(export )?type Db = /m.test(readFileSync(file, 'utf8')))
  .map(rel);
console.log(`files declaring their own Db type: ${dbDeclarations.length}`);
if (list) for (const r of dbDeclarations) console.log(`  ${r}`);
const localeFormatters = walk(path.join(root, 'apps/web/app'))
  .filter((file) => /\.toLocaleString\(/.test(readFileSync(file, 'utf8')))
  .map(rel);
console.log(`web files formatting amounts with toLocaleString: ${localeFormatters.length}`);
if (list) for (const r of localeFormatters) console.log(`  ${r}`);
