// Issue 43's tables with owners: which area owns each table (declared in its `db/*-schema.ts`,
// the `…TableOwners` object), and which tables each server file names in its statements.
// Used by scripts/arch-report.mjs and apps/server/test/table-owners.test.ts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const server = path.join(root, 'apps/server/src');
const dbDir = path.join(server, 'db');

const walk = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });

/** The area of a server file: `modules/<area>`, else the top folder under src (`import`, `demo`, `ops`, …). */
export const areaOf = (file) => {
  const parts = path.relative(server, file).split(path.sep);
  return parts[0] === 'modules' ? parts[1] : parts.length > 1 ? parts[0] : null;
};

/**
 * The owners declared in the schema files: `export const xTableOwners = { table: 'area', … }`.
 * The test checks this reading against the typed objects themselves.
 */
export const declaredOwners = () => {
  const owners = new Map();
  for (const name of readdirSync(dbDir).filter((n) => /schema\.ts$/.test(n))) {
    const text = readFileSync(path.join(dbDir, name), 'utf8');
    for (const [, body] of text.matchAll(/^export const \w+TableOwners = \{\n([\s\S]*?)\n\}/gm)) {
      for (const [, table, owner] of body.matchAll(/^\s*(\w+): '(\w+)',?$/gm)) owners.set(table, { owner, schema: `db/${name}` });
    }
  }
  return owners;
};

/** The tables the `Database` interface knows: each `name: SomethingTable;` line of a schema file's `…Tables` interface. */
export const knownTables = () => {
  const tables = new Set();
  for (const name of readdirSync(dbDir).filter((n) => /schema\.ts$/.test(n))) {
    const text = readFileSync(path.join(dbDir, name), 'utf8');
    for (const [, body] of text.matchAll(/^export interface \w+Tables \{\n([\s\S]*?)\n\}/gm)) {
      for (const [, table] of body.matchAll(/^\s*(\w+): \w+Table;$/gm)) tables.add(table);
    }
  }
  return tables;
};

const stripComments = (text) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
const lineAt = (text, index) => text.slice(0, index).split('\n').length;

const KYSELY_WRITE = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\(\s*'(\w+)(?: as \w+)?'/g;
const KYSELY_READ =
  /\.(selectFrom|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|innerJoinLateral|leftJoinLateral|using)\(\s*'(\w+)(?: as \w+)?'/g;
const SQL_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+(\w+)\b/gi;
const SQL_READ = /\b(?:from|join)\s+(\w+)\b/gi;
/** Any other literal naming a table: a table chosen at run time (`selectFrom(table)`) is named so somewhere in its file. */
const LITERAL = /'(\w+)(?: as \w+)?'/g;

/**
 * Every table each server file names in a statement, outside `db/` (the migrations and the
 * database wrapper are the schema's own): `{ file, area, table, write, line }`, one per file,
 * table and kind (a write counts once even if the file reads the table too).
 */
export const tableUses = () => {
  const tables = knownTables();
  const uses = [];
  for (const file of walk(server)) {
    if (file.startsWith(dbDir + path.sep)) continue;
    const text = stripComments(readFileSync(file, 'utf8'));
    const found = new Map();
    const note = (table, write, index) => {
      if (!tables.has(table)) return;
      const had = found.get(table);
      if (!had || (write && !had.write)) found.set(table, { write, line: lineAt(text, index) });
    };
    const called = new Set();
    for (const m of text.matchAll(KYSELY_WRITE)) (called.add(m.index + m[0].indexOf("'")), note(m[2], true, m.index));
    for (const m of text.matchAll(SQL_WRITE)) note(m[1], true, m.index);
    for (const m of text.matchAll(KYSELY_READ)) (called.add(m.index + m[0].indexOf("'")), note(m[2], false, m.index));
    for (const m of text.matchAll(SQL_READ)) note(m[1], false, m.index);
    // A file that queries anything may name a table as a plain literal (a table picked at run
    // time, a list of tables): a write when the file writes a table chosen at run time, else a read.
    const dynamicWrite = /\.(insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\((?!\s*')/.test(text);
    if (found.size > 0 || dynamicWrite || /\.selectFrom\(/.test(text))
      for (const m of text.matchAll(LITERAL)) if (!called.has(m.index)) note(m[1], dynamicWrite, m.index);
    const r = path.relative(root, file);
    for (const [table, { write, line }] of found) uses.push({ file: r, area: areaOf(file), table, write, line });
  }
  return uses;
};
