import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { grantEntitlement } from '../../src/modules/orders/entitlements';

/** The member id behind a session cookie. */
export async function userIdOf(app: FastifyInstance, cookie: string): Promise<number> {
  const response = await app.inject({ url: '/api/common/get_status', headers: { cookie } });
  const userId = response.json().userId as number | null;
  if (userId === null) throw new Error('not logged in');
  return userId;
}

/** Makes `userId` own `bookId` the way orders records an operator grant (a `user_books` row). */
export async function grantOwnership(db: Kysely<Database>, userId: number, bookId: number, now = 0): Promise<void> {
  await db
    .transaction()
    .execute((trx) => grantEntitlement(trx, { userId, bookId, possessionStatus: 'OWNED', source: 'GRANT', orderId: null, now }));
}
