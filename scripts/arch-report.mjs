#!/usr/bin/env node
// The renovation's counts (docs/architecture.md): query calls outside `*.repository.ts` files,
// pairs of server areas that import each other (outside a short allow-list), web files that call
// `fetch` directly, and route registrations with no response schema (those answering JSON
// should have one; an image, a page, a CSV or a redirect has none), and exports nothing imports
// or only tests do; rules left in the domain's `-api.ts` files and circles between domain areas.
// `node scripts/arch-report.mjs [--list]`
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEMO_ALLOWANCE, TABLE_ALLOWANCES, ownershipReport } from './table-owners.mjs';
import { domainAreaCircles, domainAreaGraph } from '../eslint/domain-area-cycles.js';

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

// 6. Issue 43's dead code: exports no other file names (dead), and exports only tests, benches,
// journeys or scripts name (product code the product does not use). The db/*schema.ts table
// interfaces (Kysely's Database names them all) and React Router's route-module exports are
// the frameworks' surface, not counted. A name counts as used when another file mentions it.
const walkAll = (dir) =>
  readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (name === 'node_modules' || name === 'build' || name.startsWith('.')) return [];
    return statSync(file).isDirectory() ? walkAll(file) : /\.(tsx?|mjs)$/.test(name) ? [file] : [];
  });
const sources = ['apps/server/src', 'apps/web/app', 'packages/domain/src'].flatMap((d) => walkAll(path.join(root, d)));
const isTestFile = (file) => /\.test\.tsx?$/.test(file) || file.includes(`${path.sep}test${path.sep}`);
const product = sources.filter((file) => !isTestFile(file));
const users = [
  ...['apps/server/test', 'bench', 'e2e', 'scripts'].flatMap((d) => walkAll(path.join(root, d))),
  ...sources.filter(isTestFile),
];
const textOf = new Map([...product, ...users].map((file) => [file, readFileSync(file, 'utf8')]));
const ROUTE_MODULE_EXPORTS =
  /^(loader|action|meta|links|headers|clientLoader|clientAction|handle|ErrorBoundary|HydrateFallback|shouldRevalidate)$/;
const unimported = [];
const testOnly = [];
for (const file of product) {
  const r = rel(file);
  if (/^apps\/server\/src\/db\/[^/]*schema\.ts$/.test(r) || /^apps\/web\/app\/(root|entry\.server|entry\.client)\.tsx?$/.test(r)) continue;
  const seen = new Set();
  for (const [, name] of textOf
    .get(file)
    .matchAll(/^export (?:async )?(?:function\*?|const|let|class|type|interface|enum|abstract class) ([A-Za-z0-9_$]+)/gm)) {
    if (seen.has(name)) continue;
    seen.add(name);
    if (r.startsWith('apps/web/app/routes/') && ROUTE_MODULE_EXPORTS.test(name)) continue;
    const named = new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`);
    if (product.some((other) => other !== file && named.test(textOf.get(other)))) continue;
    (users.some((other) => named.test(textOf.get(other))) ? testOnly : unimported).push(`${r}: ${name}`);
  }
}
// Exports only tests, benches or journeys import that are a documented surface, each with its
// reason (issue 43: "no export without an importer outside tests, unless it is a documented
// public surface"). They are listed, not counted; an entry that no longer matches an export
// used only by tests is reported as stale, so the list only shrinks.
const TEST_SURFACE = new Map();
const surface = (reason, ...exports) => exports.forEach((name) => TEST_SURFACE.set(name, reason));
surface(
  'a timer or limit of the module that its tests drive the clock or the input by (writing the number again in the test would let the two drift)',
  'apps/server/src/modules/cart/stripe-cart-payments.ts: STRIPE_CART_RECONCILE_AFTER_MS',
  'apps/server/src/modules/wallet/stripe-coin-payments.ts: STRIPE_RECONCILE_AFTER_MS',
  'apps/server/src/modules/wallet/stripe-coin-payments.ts: KONBINI_SETTLE_GRACE_MS',
  'apps/server/src/modules/tokens/one-time-tokens.ts: TOKEN_TTL_MS',
  'apps/server/src/modules/tracking/guest-id.ts: GUEST_ID_COOKIE',
  'apps/server/src/ops/csp-reports.ts: CSP_REPORTS_PER_MINUTE',
  'apps/web/app/lib/api/client.ts: API_TIMEOUT_MS',
  'apps/web/app/lib/api/upload.ts: UPLOAD_IDLE_TIMEOUT_MS',
  'apps/web/app/lib/api/upload.ts: UPLOAD_ANSWER_TIMEOUT_MS',
  'packages/domain/src/cart/coupon-banner.ts: BANNER_RESHOW_MS',
  'packages/domain/src/catalog/author-list.ts: ELLIPSIS',
  'packages/domain/src/common/ids.ts: MAX_ROW_ID',
  'packages/domain/src/reviews/reviews.ts: REVIEW_FOLD_CHARS',
  'packages/domain/src/serials/serials.ts: AD_REWARD_MAX_AMOUNT',
  'packages/domain/src/subscriptions/subscription-cycles.ts: RENEWAL_RETRY_DAYS',
);
surface(
  'a seam of the test harness or the benchmarks: the options, configuration or I/O a test passes in, or a step the harness and the bench run on their own',
  'apps/server/src/app.ts: AppOptions',
  'apps/server/src/import/import-cli.ts: CliIo',
  'apps/server/src/payments/stripe-provider.ts: StripeConfig',
  'apps/server/src/db/migrate.ts: appliedMigrations',
  'apps/server/src/modules/wallet/wallet.service.ts: sweepExpired',
  'apps/server/src/modules/tracking/tracking.service.ts: TrackedEvent',
  'apps/server/src/modules/tracking/tracking.service.ts: toEventRow',
  'apps/server/src/media/derivatives.ts: createLimiter',
  'apps/server/src/demo/demo.repository.ts: insertBatched',
);
surface(
  "the demo's data as tests look it up (its folder, its seed, a campaign's name), so no test writes a demo value again",
  'apps/server/src/demo/demo-books.ts: demoBooksFolder',
  'apps/server/src/demo/demo-catalog.ts: DEMO_SEED',
  'apps/server/src/demo/demo-invitations.ts: DEMO_INVITATION_NAME',
);
surface(
  'not imported at all (a journey names it in a comment, a bench keeps its own copy): to be unexported with the demo rework (demo/ is being changed beside this list)',
  'apps/server/src/demo/demo-campaigns.ts: DEMO_LOTTERY_NAME',
  'apps/server/src/demo/demo-events.ts: EVENT_DAYS',
);
surface(
  "a rule named by the spec or a standard that its module composes into its entry, and that its own tests pin case by case (the entry's tests would need every case again)",
  'apps/server/src/config.ts: parseTrustProxy',
  'apps/server/src/http/maintenance-gate.ts: routeKind',
  'apps/server/src/modules/reading/book-text.ts: aozoraToHtml',
  'apps/server/src/modules/reading/book-text.ts: chapterHtml',
  'apps/web/app/features/admin/components/use-form-changes.ts: changedFields',
  'apps/web/app/lib/api/transport.ts: sessionEnding',
  'apps/web/app/lib/readable-text.ts: contrastRatio',
  'packages/domain/src/admin/admin-edits.ts: ruleIssues',
  'packages/domain/src/campaigns/lottery.ts: drawable',
  'packages/domain/src/cart/coupon-banner.ts: couponAppliedPrice',
  'packages/domain/src/cart/coupon-banner.ts: bannerVisibleAfterDismissal',
  'packages/domain/src/cart/coupons.ts: stepReached',
  'packages/domain/src/cart/coupons.ts: bestCoupon',
  'packages/domain/src/catalog/book-tile.ts: startLabel',
  'packages/domain/src/catalog/book-tile.ts: isNewRelease',
  'packages/domain/src/catalog/book-tile.ts: pageTypeRibbon',
  'packages/domain/src/catalog/books.ts: shownBeforePrice',
  'packages/domain/src/catalog/rankings.ts: weightedScore',
  'packages/domain/src/catalog/search-text.ts: katakanaToHiragana',
  'packages/domain/src/common/amount-unit.ts: paymentUnit',
  'packages/domain/src/invitations/invitations.ts: weightedLength',
  'packages/domain/src/reviews/reviews.ts: roundToTenth',
  'packages/domain/src/viewer/resume.ts: resumePosition',
  'packages/domain/src/viewer/text-toc.ts: chapterStartPages',
  'packages/domain/src/wallet/wallet-lots.ts: isUsable',
  'packages/domain/src/wallet/wallet-lots.ts: spendOrder',
);
surface(
  'a step its module composes into its entry, which the tests pin against every route of the store without a build (the entry needs the built web app)',
  'apps/server/src/web/route-subsets.ts: routeSubsetOf',
);
surface(
  "the type of a rule's or a schema's answer, which tests name to build or read one",
  'packages/domain/src/cart/coupons.ts: CouponRefusal',
  'packages/domain/src/catalog/title-marks.ts: TitleMeta',
  'packages/domain/src/serials/serials-api.ts: SerialOsusume',
);
const undocumented = testOnly.filter((line) => !TEST_SURFACE.has(line));
const documented = testOnly.filter((line) => TEST_SURFACE.has(line));
const stale = [...TEST_SURFACE.keys()].filter((line) => !testOnly.includes(line));
console.log(
  `exports without an importer: ${unimported.length}; used only by tests: ${undocumented.length} (and ${documented.length} documented${stale.length ? `, ${stale.length} stale entries` : ''})`,
);
if (list) for (const line of unimported) console.log(`  ${line}`);
if (list) for (const line of undocumented) console.log(`  test only: ${line}`);
if (list) for (const line of documented) console.log(`  documented: ${line}: ${TEST_SURFACE.get(line)}`);
if (list) for (const line of stale) console.log(`  stale entry: ${line}`);

// 9. Route registration functions (a `*.routes.ts` plugin's body) over 80 lines: issue 43 asks
// for none, each split by use case.
const ROUTE_PLUGIN_LINES = 80;
const longPlugins = [];
for (const file of walk(server).filter((f) => f.endsWith('.routes.ts'))) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    if (!/^export (?:const|async function|function) \w+.*(?:FastifyPluginAsync|FastifyInstance)/.test(line)) return;
    let end = i + 1;
    while (end < lines.length && !/^(?:};|})$/.test(lines[end])) end += 1;
    if (end - i + 1 > ROUTE_PLUGIN_LINES) longPlugins.push([rel(file), end - i + 1]);
  });
}
console.log(`route registration functions over ${ROUTE_PLUGIN_LINES} lines: ${longPlugins.length}`);
if (list) for (const [r, n] of longPlugins.sort((a, b) => b[1] - a[1])) console.log(`  ${n}\t${r}`);

// 10. Issue 43's tables with owners: tables whose db/*-schema.ts names no owning area, uses of
// another area's table outside the allowance list of scripts/table-owners.mjs (what
// apps/server/test/table-owners.test.ts refuses), and the list's size (pairs of file and table,
// writes among them); the demo's seeding is one exception, its uses counted apart.
const owned = ownershipReport();
console.log(`tables without an owner: ${owned.unowned.length} of ${owned.tables}`);
if (list) for (const t of owned.unowned) console.log(`  ${t}`);
console.log(`uses of another area's table outside the allowance list: ${owned.violations.length}`);
if (list) for (const line of owned.violations) console.log(`  ${line}`);
console.log(
  `allowance list: ${owned.allowancePairs} file-table pairs in ${owned.allowanceFiles} files (${owned.allowanceWrites} writes), ` +
    `${owned.stale.length} unused; the demo's seeding ${owned.demoUses} uses; tables named by more than one area: ${owned.shared.length}`,
);
if (list) for (const a of TABLE_ALLOWANCES.filter((a) => a.writes)) console.log(`  writes ${a.file}: ${a.writes.join(', ')} (${a.reason})`);
if (list) console.log(`  demo: ${DEMO_ALLOWANCE.reason}`);
if (list) for (const pair of owned.stale) console.log(`  unused: ${pair}`);

// 11. Issue 43's domain layout: rules in `<topic>.ts`, schemas in `-api.ts` (the report counts
// what lint's hondana/domain-api-schemas refuses: an exported function, `export *`, a value
// re-exported from a rules file), and no circle between domain areas (hondana/domain-area-cycles).
const domain = path.join(root, 'packages/domain/src');
const arrowStart = /^export const (\w+)\s*(?::[^=]*)?=\s*(?:async\s*)?(?:function\b|(?:<[^>]*>)?\([^)]*\)\s*(?::[^=]*?)?=>|\w+\s*=>)/gm;
const apiRules = [];
for (const file of walk(domain).filter((f) => f.endsWith('-api.ts'))) {
  const text = readFileSync(file, 'utf8');
  for (const [, name] of text.matchAll(/^export (?:async )?function\*? (\w+)/gm)) apiRules.push(`${rel(file)}: ${name}`);
  for (const [, name] of text.matchAll(arrowStart)) apiRules.push(`${rel(file)}: ${name}`);
  for (const [, source] of text.matchAll(/^export \* from '([^']+)'/gm)) apiRules.push(`${rel(file)}: * from ${source}`);
  for (const [, names, source] of text.matchAll(/^export \{([^}]*)\} from '([^']+)'/gm)) {
    if (/-api$/.test(source)) continue;
    for (const name of names.split(',').map((n) => n.trim()))
      if (name && !name.startsWith('type ')) apiRules.push(`${rel(file)}: ${name} from ${source}`);
  }
}
console.log(`rule functions in domain -api.ts files: ${apiRules.length}`);
if (list) for (const line of apiRules) console.log(`  ${line}`);
const areaGraph = domainAreaGraph(root);
const circles = domainAreaCircles(areaGraph);
console.log(`circles between domain areas: ${circles.length}`);
if (list)
  for (const circle of circles) {
    const inside = circle.flatMap((from) =>
      [...(areaGraph.get(from) ?? new Map())].filter(([to]) => circle.includes(to)).map(([to, file]) => `${from} → ${to} (${file})`),
    );
    console.log(`  ${circle.join(', ')}: ${inside.join('; ')}`);
  }
