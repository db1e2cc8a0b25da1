// Readies the bench's members on a store's database, in one process: each address is confirmed
// (the store sells only to a confirmed address since issue 38; a bench has no mailbox to open the
// link from) and given 10,000,000 manga coins by the grant `npm run admin -- grant` makes, without
// a process per member. Usage: tsx bench/bench-members.ts <email>... with DATA_DIR or DATABASE_URL set as for the
// server. Prints `MEMBERS <n>`.
import { openDatabase } from '../apps/server/src/db/database';
import { adjustGrant } from '../apps/server/src/modules/wallet/reports';

const emails = process.argv.slice(2);
const handle = openDatabase({ databaseUrl: process.env.DATABASE_URL || undefined, dataDir: process.env.DATA_DIR, poolSize: 2 });
const now = Date.now();
const users = await handle.db.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).execute();
if (users.length !== emails.length) throw new Error(`bench members: ${users.length} of ${emails.length} addresses found`);
await handle.db.updateTable('users').set({ email_confirmed_at: now }).where('email', 'in', emails).execute();
for (const user of users)
  await adjustGrant(handle.db, { userId: user.id, currency: 'MANGA_COIN', amount: 10_000_000, reason: 'bench', now });
console.log(`MEMBERS ${users.length}`);
await handle.destroy();
