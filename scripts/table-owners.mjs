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
    for (const m of text.matchAll(KYSELY_WRITE)) {
      called.add(m.index + m[0].indexOf("'"));
      note(m[2], true, m.index);
    }
    for (const m of text.matchAll(SQL_WRITE)) note(m[1], true, m.index);
    for (const m of text.matchAll(KYSELY_READ)) {
      called.add(m.index + m[0].indexOf("'"));
      note(m[2], false, m.index);
    }
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

/**
 * The one list of another area's tables a server file may name (paths under apps/server/src), each
 * with its reason. `reads`: read views (selects and joins only). `writes`: writes to another area's
 * table; none is left (2026-12-07: the 16 moved behind their owners, as titles and books had), and
 * the test refuses one listed. It only shrinks: the test fails on a listed pair no longer used, as
 * on a use not listed.
 */
export const TABLE_ALLOWANCES = [
  {
    file: 'import/import.repository.ts',
    reads: ['books', 'titles'],
    reason:
      "the import finds the book and title a source made (reads; a publisher a file names is found or added by the console's findOrAddPublisher, which the import's caller hands over)",
  },
  {
    file: 'media/media-access.repository.ts',
    reads: ['books', 'serial_episodes'],
    reason: "the media routes check that a page's book or episode exists before a grant (reads)",
  },
  {
    file: 'media/media-originals.repository.ts',
    reads: [
      'book_page_originals',
      'serial_episode_page_originals',
      'book_cover_uploads',
      'book_sources',
      'book_text_images',
      'banner_images',
      'serials',
    ],
    reason: "the media store's sweep and lookups know every table that names an original image (reads)",
  },
  {
    file: 'modules/admin/admin-catalog.repository.ts',
    reads: ['titles', 'books', 'book_text_chapters', 'title_authors', 'authors'],
    reason:
      "the console's catalog editor shows the titles and books it edits, their credits and text chapters (its writes are the catalog's)",
  },
  {
    file: 'modules/admin/admin-commerce.repository.ts',
    reads: ['users', 'coupons', 'user_coupons'],
    reason:
      "the console's coupon list reads the coupons and how many members hold and used each, and a list's members by address (the coupons are made and given through the cart's coupon-grants)",
  },
  {
    file: 'modules/admin/admin-media.repository.ts',
    reads: ['books'],
    reason: "the console's cover and sample screen reads the book it edits",
  },
  { file: 'modules/admin/admin-serials.repository.ts', reads: ['books'], reason: "the console's serial screen reads the title's books" },
  { file: 'modules/admin/audit.repository.ts', reads: ['users'], reason: 'the audit log names the staff member (reads)' },
  {
    file: 'modules/admin/invitation-campaigns.repository.ts',
    reads: ['invitation_grants'],
    reason: 'a campaign with grants is closed, not deleted (reads)',
  },
  {
    file: 'modules/admin/lottery-campaigns.repository.ts',
    reads: ['lottery_prizes', 'lottery_draws', 'books', 'coupons'],
    reason:
      "the console's lottery editor reads a campaign's prizes with their draws, and prize books and coupons (its prize and ticket writes are the campaigns' lottery-writes, in the editor's versioned transaction)",
  },
  {
    file: 'modules/admin/members.repository.ts',
    reads: ['users', 'orders', 'wallet_lots', 'wallet_ledger', 'user_coupons', 'coupons', 'user_books', 'books'],
    reason:
      "the member screen shows the member, orders, coins, coupons and books (reads; a suspension is accounts' write, account-writes' setMemberSuspended)",
  },
  {
    file: 'modules/admin/missions.repository.ts',
    reads: ['mission_task_events', 'mission_rewards'],
    reason: 'a mission with progress or rewards is closed, not deleted (reads)',
  },
  {
    file: 'modules/admin/pre-order-bonuses.repository.ts',
    reads: ['books', 'titles', 'pre_order_bonus_grants'],
    reason: "the console's pre-order bonus screen reads the volume and its grants",
  },
  {
    file: 'modules/admin/promotions.repository.ts',
    reads: ['books', 'titles', 'orders'],
    reason: "the console's bundles and point campaigns read the books they name and the orders that used them",
  },
  {
    file: 'modules/admin/reports.repository.ts',
    reads: ['orders', 'order_items', 'books', 'titles'],
    reason: 'sales reports read orders and the books sold',
  },
  {
    file: 'modules/admin/second-factor.repository.ts',
    reads: ['users', 'sessions'],
    reason:
      "the staff's second factor reads the member and the session's check (the session it checked is moved to a new id by accounts' rotateCheckedSession)",
  },
  {
    file: 'modules/admin/staff.repository.ts',
    reads: ['users', 'sessions'],
    reason: "a staff role change reads the member and the console's sessions (accounts' account-writes end them)",
  },
  {
    file: 'modules/admin/subscription-plans.repository.ts',
    reads: ['user_manga_coin_subscriptions'],
    reason: 'a plan with members is closed, never deleted (reads)',
  },
  {
    file: 'modules/admin/taxonomy.repository.ts',
    reads: ['titles'],
    reason: 'the taxonomy editor counts the titles filed under each row (reads)',
  },
  {
    file: 'modules/bookshelf/bookshelf.repository.ts',
    reads: [
      'user_books',
      'books',
      'reading_positions',
      'read_ends',
      'user_serial_episodes',
      'serials',
      'titles',
      'serial_episodes',
      'user_serials',
      'title_authors',
      'authors',
    ],
    reason:
      "the shelf lists the member's books, serials and reading state in one statement (reads; hiding a book is orders' setBooksHidden, which app.ts hands over)",
  },
  {
    file: 'modules/bookshelf/offline-check.repository.ts',
    reads: ['user_books', 'books'],
    reason: "the offline check reads the member's books",
  },
  {
    file: 'modules/bookshelf/shelf-series.repository.ts',
    reads: ['books', 'user_books', 'reading_positions', 'user_serial_episodes', 'serials', 'titles', 'title_authors', 'authors'],
    reason: 'the per-member shelf summary is built from books, grants, serials and reading state (reads, decision 016)',
  },
  {
    file: 'modules/bookshelf/user-titles.repository.ts',
    reads: ['books', 'read_ends', 'user_books'],
    reason: "the shelf's title view reads the member's books and read ends",
  },
  {
    file: 'modules/campaigns/lottery/lottery.repository.ts',
    reads: ['lottery_campaigns', 'lottery_boxes', 'lottery_distribution_events', 'books'],
    reason:
      "a draw reads the campaign's set-up (the console's tables) and prize books (a coupon prize is the cart's giveCouponOnce, which app.ts hands over, in the draw's transaction)",
  },
  {
    file: 'modules/campaigns/missions/missions.repository.ts',
    reads: ['missions', 'mission_tasks', 'books', 'user_serial_episodes'],
    reason: "missions read their set-up (the console's tables) and the books and episodes a task counts",
  },
  {
    file: 'modules/cart/bundle.repository.ts',
    reads: ['bundles', 'bundle_books', 'books', 'users'],
    reason: "the cart reads bundles (the console's tables), their books and the member",
  },
  {
    file: 'modules/cart/coupon-grants.repository.ts',
    reads: ['users'],
    reason: "the console's coupon for every member is given to each current member in one statement (reads)",
  },
  {
    file: 'modules/cart/cart-payments.repository.ts',
    reads: ['order_items', 'orders'],
    reason:
      "a card or carrier cart payment reads its order and the order's books (its payment state is written through orders' order-rows)",
  },
  {
    file: 'modules/cart/cart.repository.ts',
    reads: ['books', 'titles', 'orders', 'order_items'],
    reason: "the cart reads books, titles and the member's orders (held books)",
  },
  {
    file: 'modules/cart/pre-order-bonus.repository.ts',
    reads: ['pre_order_bonuses', 'books', 'titles', 'orders'],
    reason: "a pre-order's bonus reads its set-up (the console's table), the volume and the order",
  },
  {
    file: 'modules/catalog/books.repository.ts',
    reads: ['publishers', 'magazines', 'genres', 'wish_titles', 'serials'],
    reason: "the book detail joins its taxonomy, serial and the member's wish in one statement (hot path)",
  },
  {
    file: 'modules/catalog/campaign-periods.repository.ts',
    reads: [
      'store_changes',
      'manga_coin_subscription_plans',
      'point_campaigns',
      'reach_banners',
      'non_login_appeals',
      'invitation_campaigns',
      'lottery_campaigns',
      'missions',
      'pre_order_bonuses',
      'bundles',
      'serial_osusumes',
    ],
    reason: "the kept pages are forgotten when any campaign's period starts or ends: it reads each campaign table's dates",
  },
  {
    file: 'modules/catalog/rankings.repository.ts',
    reads: ['events', 'orders', 'order_items'],
    reason: 'the rankings count recorded events and completed orders (decision: rankings from what people do)',
  },
  { file: 'modules/catalog/recommendations.repository.ts', reads: ['wish_titles'], reason: 'recommendations read what members wished' },
  {
    file: 'modules/invitations/invitations.repository.ts',
    reads: ['invitation_campaigns', 'orders', 'users'],
    reason: "an invitation reads the running campaign, the invitee's first order and the member",
  },
  {
    file: 'modules/invitations/reach-banners.repository.ts',
    reads: ['reach_banners', 'non_login_appeals'],
    reason: "the store's banners read the console's banner and appeal tables, uncached",
  },
  { file: 'modules/ledger/lots.repository.ts', reads: ['users'], reason: "the member's money lock reads the member row" },
  {
    file: 'modules/notices/new-episode-push.repository.ts',
    reads: ['serial_episodes', 'serials', 'user_serials', 'push_subscriptions'],
    reason: 'new-episode pushes read the episode, its serial, followers and push subscriptions',
  },
  {
    file: 'modules/notices/new-volume-mail.repository.ts',
    reads: ['books', 'titles', 'title_authors'],
    reason: 'new-volume mail reads the volume, its title and authors',
  },
  {
    file: 'modules/notices/newly.repository.ts',
    reads: ['titles', 'books', 'title_authors'],
    reason: 'new-release messages read the titles, books and authors followed',
  },
  {
    file: 'modules/notices/wish-list.repository.ts',
    reads: ['titles', 'books'],
    reason: 'my list shows the wished titles and their books',
  },
  { file: 'modules/orders/entitlements.repository.ts', reads: ['books'], reason: "an entitlement reads the book's price and release" },
  {
    file: 'modules/orders/history.repository.ts',
    reads: ['books', 'cart_items'],
    reason: 'the order history reads the books bought and the cart lines',
  },
  {
    file: 'modules/orders/orders.repository.ts',
    reads: ['books', 'point_campaigns', 'titles'],
    reason: 'the buy path reads the book, its title and point campaigns in one prepared statement (hot path)',
  },
  {
    file: 'modules/reading/reading.repository.ts',
    reads: ['book_pages', 'book_page_originals', 'book_navigations', 'book_text_chapters', 'book_text_images', 'books', 'titles'],
    reason: "the viewer reads the book's pages, navigation and chapters the import wrote, and the book and title",
  },
  {
    file: 'modules/reviews/review-notices.repository.ts',
    reads: ['titles', 'users'],
    reason: 'review notices name the title and the member',
  },
  {
    file: 'modules/reviews/reviews.repository.ts',
    reads: ['titles', 'books', 'authors', 'wish_titles', 'title_authors', 'users'],
    reason: "the reviews page reads the title, its books and authors, the member's wish and names",
  },
  {
    file: 'modules/serials/serial-discovery.repository.ts',
    reads: ['serial_osusumes', 'serial_osusume_items', 'genres'],
    reason: "serial discovery reads features (the console's tables) and genres",
  },
  {
    file: 'modules/serials/serials.repository.ts',
    reads: ['serials', 'serial_episodes', 'catalog_events', 'titles', 'books', 'serial_episode_pages'],
    reason: "the serial pages read serials and episodes (the console's tables), their titles and books and the read counts",
  },
  {
    file: 'modules/serials/user-serials.repository.ts',
    reads: ['serials', 'serial_episodes'],
    reason: "the member's serial state reads the serial and its episodes",
  },
  {
    file: 'modules/wallet/coin-packs.repository.ts',
    reads: ['manga_coin_items', 'orders'],
    reason:
      "a coin pack purchase reads the pack (the console's table) and the member's coin pack orders (written through orders' order-rows)",
  },
  { file: 'modules/wallet/coin-return.repository.ts', reads: ['orders'], reason: "a coin return reads the purchase's order" },
  {
    file: 'modules/wallet/subscriptions/subscriptions.repository.ts',
    reads: ['manga_coin_subscription_plans', 'users', 'orders'],
    reason:
      "a subscription reads its plan (the console's table), the member and its cycles' orders still waiting (each cycle's order is written through orders' order-rows)",
  },
  { file: 'ops/money-metrics.repository.ts', reads: ['wallet_ledger', 'orders'], reason: 'the money metrics read the ledger and orders' },
  { file: 'payments/payments.repository.ts', reads: ['orders'], reason: 'the payment sandbox reads the order it settles' },
];

/** The demo (apps/server/src/demo/) seeds every area's tables with its rows: one exception, not per table. */
export const DEMO_ALLOWANCE = { under: 'demo/', reason: "the demo seeds every area's tables with its rows (only the demo makes them)" };

/**
 * Issue 43's check: every use of another area's table outside the allowances (`violations`), the
 * listed pairs no longer used (`stale`), and the counts the report prints.
 */
export const ownershipReport = () => {
  const owners = declaredOwners();
  const tables = knownTables();
  const uses = tableUses();
  const src = (file) => path.relative(server, path.join(root, file));
  const allowed = new Map(TABLE_ALLOWANCES.map((a) => [a.file, a]));
  const seen = new Set();
  const violations = [];
  let demo = 0;
  for (const u of uses) {
    const owner = owners.get(u.table)?.owner;
    if (owner === u.area) continue;
    const file = src(u.file);
    if (file.startsWith(DEMO_ALLOWANCE.under)) {
      demo += 1;
      continue;
    }
    const entry = allowed.get(file);
    const listed = entry && ((entry.writes ?? []).includes(u.table) || (!u.write && (entry.reads ?? []).includes(u.table)));
    if (entry && [...(entry.reads ?? []), ...(entry.writes ?? [])].includes(u.table)) seen.add(`${file} ${u.table}`);
    if (!listed)
      violations.push(
        `${u.file}:${u.line}: ${u.write ? 'writes' : 'reads'} ${u.table}, owned by ${owner ?? 'no area'} (the file is ${u.area}'s)`,
      );
  }
  const pairs = TABLE_ALLOWANCES.flatMap((a) => [...(a.reads ?? []), ...(a.writes ?? [])].map((t) => `${a.file} ${t}`));
  const stale = pairs.filter((pair) => !seen.has(pair));
  const unowned = [...tables].filter((t) => !owners.has(t));
  const areasOf = new Map();
  for (const u of uses) areasOf.set(u.table, (areasOf.get(u.table) ?? new Set()).add(u.area));
  const shared = [...areasOf].filter(([, areas]) => areas.size > 1).map(([t]) => t);
  const writersOf = (table) => [...new Set(uses.filter((u) => u.table === table && u.write).map((u) => u.file))];
  return {
    tables: tables.size,
    unowned,
    violations,
    stale,
    allowancePairs: pairs.length,
    allowanceWrites: TABLE_ALLOWANCES.reduce((n, a) => n + (a.writes?.length ?? 0), 0),
    allowanceFiles: TABLE_ALLOWANCES.length,
    demoUses: demo,
    shared,
    writersOf,
  };
};
