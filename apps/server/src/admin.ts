import { parseArgs } from 'node:util';
import { type Currency, currencies } from '@hondana/domain/wallet/wallet-lots';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import type { Database } from './db/schema';
import type { Kysely } from 'kysely';
import { cancelBookOrder } from './modules/orders/cancel-order.service';
import { backupSqlite } from './ops/backup';
import { STAFF_ROLES, type StaffRole } from '@hondana/domain/admin/admin-api';
import { memberLedger } from './modules/admin/members.service';
import { findRole, setRole, userIdByEmail } from './modules/admin/staff.repository';
import { enrolFromShell, totpEnrolment } from './modules/admin/second-factor.service';
import { MAINTENANCE_MODES, isMaintenanceMode, readMaintenanceMode, setMaintenanceMode } from './ops/maintenance';
import { adjustGrant, unusedPaidBalance } from './modules/wallet/reports';

/**
 * Operator commands (support work; README "Operator commands"):
 *   npm run admin -- grant --email E --currency MANGA_COIN|COIN|POINT --amount N --reason "…"
 *   npm run admin -- ledger --email E
 *   npm run admin -- unused-balance --date YYYY-MM-DD
 *   npm run admin -- cancel-order --order N --reason "…"
 *   npm run admin -- role --email E --role operator|support|none   (the operator console's roles)
 *   npm run admin -- totp --email E   (enrols a staff member's TOTP authenticator; prints the secret once; ends their sessions)
 *   npm run admin -- backup PATH   (SQLite; docs/deploy.md "Backups")
 *   npm run admin -- maintenance [--mode normal|deca|all|coin|pay]
 */
const usage = `usage: npm run admin -- <grant|ledger|unused-balance|cancel-order|role|totp|backup|maintenance> [options]
  grant          --email E --currency ${currencies.join('|')} --amount N --reason "…"
  ledger         --email E
  unused-balance --date YYYY-MM-DD
  cancel-order   --order N --reason "…"
  role           --email E --role ${[...STAFF_ROLES, 'none'].join('|')}   at once; their open sessions end (they sign in again)
  totp           --email E   enrols a staff member's TOTP authenticator (replacing theirs) and prints its secret once
  backup         PATH   an online copy of the SQLite database (the store may keep running)
  maintenance    [--mode ${MAINTENANCE_MODES.join('|')}]   sets the store's maintenance mode (every process within 1 s); without --mode prints it`;

async function userIdOf(db: Kysely<Database>, email: string | undefined): Promise<number> {
  if (!email) throw new Error('--email is required');
  const userId = await userIdByEmail(db, email);
  if (userId === null) throw new Error(`no member with email ${email}`);
  return userId;
}

const iso = (ms: number | null) => (ms === null ? '-' : new Date(ms).toISOString());

async function printLedger(db: Kysely<Database>, userId: number): Promise<void> {
  const { lots, entries } = await memberLedger(db, userId);
  console.log('lots:');
  console.table(
    lots.map((l) => ({
      id: l.id,
      currency: l.currency,
      amount: l.amount,
      remaining: l.remaining,
      paid: l.paid,
      yen: l.yenValue,
      issued: iso(l.issuedAt),
      expires: iso(l.expiresAt),
      expired: iso(l.expiredAt),
    })),
  );
  console.log('entries:');
  console.table(
    entries.map((e) => ({
      id: e.id,
      at: iso(e.createdAt),
      currency: e.currency,
      kind: e.kind,
      amount: e.amount,
      lot: e.lotId,
      order: e.orderId ?? '-',
      reason: e.reason,
    })),
  );
}

async function run(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command === 'backup') return backup(rest);
  // `npm run admin -- totp EMAIL` (the e-mail may be given bare too).
  if (command === 'totp' && rest[0] && !rest[0].startsWith('--')) rest.splice(0, 1, '--email', rest[0]);
  const { values } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      currency: { type: 'string' },
      amount: { type: 'string' },
      reason: { type: 'string' },
      date: { type: 'string' },
      order: { type: 'string' },
      mode: { type: 'string' },
      role: { type: 'string' },
    },
  });
  if (!['grant', 'ledger', 'unused-balance', 'cancel-order', 'maintenance', 'role', 'totp'].includes(command ?? '')) {
    console.log(usage);
    process.exitCode = command ? 1 : 0;
    return;
  }
  // The store's own database (DATA_DIR or DATABASE_URL, as for `npm start`), already migrated by it.
  const config = loadConfig();
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  const { db } = database;
  try {
    const now = Date.now();
    if (command === 'grant') {
      const currency = values.currency as Currency;
      if (!currencies.includes(currency)) throw new Error(`--currency must be one of ${currencies.join(', ')}`);
      const amount = Number(values.amount);
      if (!Number.isInteger(amount) || amount <= 0) throw new Error('--amount must be a positive integer');
      if (!values.reason) throw new Error('--reason is required');
      const userId = await userIdOf(db, values.email);
      const lotId = await adjustGrant(db, { userId, currency, amount, reason: values.reason, now });
      console.log(`granted ${amount} ${currency} to ${values.email} (lot ${lotId}, ADJUST entry written)`);
    } else if (command === 'role') {
      const role = values.role;
      if (role !== 'none' && !STAFF_ROLES.includes(role as StaffRole))
        throw new Error(`--role must be one of ${[...STAFF_ROLES, 'none'].join(', ')}`);
      const userId = await userIdOf(db, values.email);
      await setRole(db, userId, role === 'none' ? null : (role as StaffRole), now);
      console.log(role === 'none' ? `${values.email} has no console role now` : `${values.email} is now ${role}`);
      console.log(`their open sessions were ended: the new role takes effect when they sign in again`);
      if (role !== 'none')
        console.log(
          `before the console opens, they enrol a second factor at ${storeAddress()}/admin/second-factor (or: npm run admin -- totp --email ${values.email})`,
        );
    } else if (command === 'totp') {
      const userId = await userIdOf(db, values.email);
      if (!(await findRole(db, userId))) throw new Error(`${values.email} has no console role: give one first (npm run admin -- role)`);
      const { secret, recoveryCodes } = await enrolFromShell(db, userId, now);
      const { uri } = await totpEnrolment(secret, values.email!);
      console.log(`TOTP enrolled for ${values.email}; their earlier authenticator and recovery codes no longer work.`);
      console.log(`their open sessions were ended: they sign in again and give a code of the new authenticator`);
      console.log(`secret (base32, shown this once): ${secret}`);
      console.log(`otpauth URI: ${uri}`);
      console.log(`recovery codes (single use, shown this once): ${recoveryCodes.join(' ')}`);
    } else if (command === 'ledger') {
      await printLedger(db, await userIdOf(db, values.email));
    } else if (command === 'unused-balance') {
      if (!values.date) throw new Error('--date is required');
      const report = await unusedPaidBalance(db, values.date);
      console.log(`unused paid balance at the end of ${report.referenceDate} (Asia/Tokyo):`);
      for (const c of report.byCurrency) console.log(`  ${c.currency}: ${c.coins} coins = ${c.yen.toLocaleString('ja-JP')} yen`);
      console.log(`  total: ${report.totalYen.toLocaleString('ja-JP')} yen`);
    } else if (command === 'maintenance') {
      await maintenance(db, values.mode);
    } else {
      const orderId = Number(values.order);
      if (!Number.isInteger(orderId) || orderId <= 0) throw new Error('--order must be an order id');
      await cancelBookOrder(db, orderId, values.reason ?? 'support', now);
      console.log(`order ${orderId} cancelled; its lots were restored and its books revoked`);
    }
  } finally {
    await database.destroy();
  }
}

/** The store's address for the links the commands print (PUBLIC_URL, else the local default). */
const storeAddress = () => (process.env.PUBLIC_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '');

/** §4 maintenance modes: what each closes is in `http/maintenance-gate.ts`. */
const modeEffects: Record<string, string> = {
  normal: 'everything open',
  deca: 'reported to clients by get_status; nothing closed',
  all: 'store pages show the maintenance page, the API answers 503 MAINTENANCE (get_status stays open)',
  coin: 'coin purchases closed (PAYMENT_MAINTENANCE)',
  pay: 'every payment closed (coin purchases PAYMENT_MAINTENANCE, others MAINTENANCE)',
};

async function maintenance(db: Kysely<Database>, mode: string | undefined): Promise<void> {
  if (mode === undefined) {
    const current = await readMaintenanceMode(db);
    console.log(`maintenance mode: ${current} (${modeEffects[current]})`);
    return;
  }
  if (!isMaintenanceMode(mode)) throw new Error(`--mode must be one of ${MAINTENANCE_MODES.join(', ')}`);
  await setMaintenanceMode(db, mode);
  console.log(`maintenance mode set to ${mode} (${modeEffects[mode]}); every store process follows within 1 s`);
}

async function backup(args: string[]): Promise<void> {
  const [target] = args;
  if (!target) throw new Error('usage: npm run admin -- backup PATH');
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error('the store runs on PostgreSQL (DATABASE_URL): back it up with pg_dump (docs/deploy.md "Backups")');
  }
  const result = await backupSqlite(config.dataDir, target, (percent) => process.stdout.write(`\rbacking up… ${percent}%`));
  process.stdout.write('\r\x1b[K');
  console.log(`backed up ${config.dataDir}/hondana.db to ${result.file} (${(result.bytes / 1048576).toFixed(1)} MiB in ${result.ms} ms)`);
  console.log(`media are files: copy ${config.dataDir}/media and ${config.dataDir}/secrets.json beside it (docs/deploy.md)`);
}

run(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
