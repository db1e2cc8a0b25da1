import type { Insertable, Transaction } from 'kysely';
import type { Database, Db } from '../db/schema';
import type { SandboxCardTokensTable, SandboxCardsTable } from '../db/subscriptions-schema';
import type { SandboxPaymentsTable } from '../db/wallet-schema';
import type { SandboxRefundsTable } from '../db/orders-schema';

/** The sandbox provider's payments and kept cards, and the order kind a decision is routed by. */
type Trx = Transaction<Database>;

export async function findSandboxPayment(db: Db, ref: string) {
  return db.selectFrom('sandbox_payments').selectAll().where('ref', '=', ref).executeTakeFirst();
}

/** Payments still PENDING that were started at or before `startedBy`, oldest first. */
export async function abandonedSandboxPayments(db: Db, startedBy: number, limit: number) {
  return db
    .selectFrom('sandbox_payments')
    .select('ref')
    .where('status', '=', 'PENDING')
    .where('created_at', '<=', startedBy)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

export async function sandboxPaymentCreatedAt(trx: Trx, ref: string) {
  return trx.selectFrom('sandbox_payments').select('created_at').where('ref', '=', ref).executeTakeFirst();
}

/** Decides a payment that is still PENDING; true when this call decided it (a payment is decided once). */
export async function decidePendingSandboxPayment(trx: Trx, ref: string, status: string, now: number): Promise<boolean> {
  const decided = await trx
    .updateTable('sandbox_payments')
    .set({ status, decided_at: now })
    .where('ref', '=', ref)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return decided.numUpdatedRows === 1n;
}

export async function insertSandboxPayment(trx: Trx, payment: Insertable<SandboxPaymentsTable>): Promise<void> {
  await trx.insertInto('sandbox_payments').values(payment).execute();
}

export async function insertSandboxCard(trx: Trx, card: Insertable<SandboxCardsTable>): Promise<void> {
  await trx.insertInto('sandbox_cards').values(card).execute();
}

export async function insertSandboxCardToken(db: Db, card: Insertable<SandboxCardTokensTable>): Promise<void> {
  await db.insertInto('sandbox_card_tokens').values(card).execute();
}

/** Forgets cards the card fields took that no member paid with before `takenBefore`; how many. */
export async function dropUnusedSandboxCardTokens(db: Db, takenBefore: number): Promise<number> {
  const dropped = await db.deleteFrom('sandbox_card_tokens').where('created_at', '<', takenBefore).executeTakeFirst();
  return Number(dropped.numDeletedRows);
}

/** Takes a card the card fields took and no member has used yet (once: a second taker gets undefined). */
export async function takeSandboxCardToken(trx: Trx, cardId: string) {
  return trx.deleteFrom('sandbox_card_tokens').where('card_id', '=', cardId).returningAll().executeTakeFirst();
}

/** The member's kept card; undefined when unknown or another member's. */
export async function findMemberSandboxCard(trx: Trx, cardId: string, userId: number) {
  return trx.selectFrom('sandbox_cards').selectAll().where('card_id', '=', cardId).where('user_id', '=', userId).executeTakeFirst();
}

export async function orderKind(trx: Trx, orderId: number): Promise<string | undefined> {
  const order = await trx.selectFrom('orders').select('kind').where('id', '=', orderId).executeTakeFirst();
  return order?.kind;
}

/** The sandbox's refund of an order, once: a second record of the same order is ignored (unique order_id). */
export async function recordSandboxRefund(db: Db, refund: Insertable<SandboxRefundsTable>): Promise<void> {
  await db
    .insertInto('sandbox_refunds')
    .values(refund)
    .onConflict((oc) => oc.column('order_id').doNothing())
    .execute();
}

export function findSandboxRefund(db: Db, orderId: number) {
  return db.selectFrom('sandbox_refunds').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}
