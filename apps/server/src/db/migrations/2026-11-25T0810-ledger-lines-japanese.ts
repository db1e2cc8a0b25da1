import { type LedgerBook, legacyLedgerLine, ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { Kysely } from 'kysely';

/**
 * Ledger lines written before they were Japanese ("利用 serial episode 5 rental", "付与 bonus: coin
 * pack (order 1)") are rewritten as the store now writes them,
 * naming the book or episode where the order or episode is still there. Lines already
 * Japanese are left alone. Data only: no schema change, nothing to undo.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const rows: { id: number; reason: string; order_id: number | null; amount: number }[] = await db
    .selectFrom('wallet_ledger')
    .select(['id', 'reason', 'order_id', 'amount'])
    .where((eb) =>
      eb.or(
        ['order %', 'serial episode %', '%coin pack (order %', '% (order %)', '% (pre-order %)', 'cancel: %', 'support: %', 'expired'].map(
          (p) => eb('reason', 'like', p),
        ),
      ),
    )
    .execute();
  const booksOf = memo((orderId: number) => orderBooks(db, orderId));
  for (const row of rows) {
    const line = await japaneseLine(db, row, booksOf);
    if (line !== null && line !== row.reason)
      await db.updateTable('wallet_ledger').set({ reason: line }).where('id', '=', row.id).execute();
  }
}

export async function down(): Promise<void> {}

async function japaneseLine(
  db: Kysely<any>,
  row: { reason: string; order_id: number | null; amount: number },
  booksOf: (orderId: number) => Promise<LedgerBook[]>,
): Promise<string | null> {
  let m: RegExpExecArray | null;
  if ((m = /^serial episode (\d+) rental$/.exec(row.reason))) {
    const episode = await db
      .selectFrom('serial_episodes as e')
      .innerJoin('serials as s', 's.id', 'e.serial_id')
      .select(['s.name', 'e.order_sequence'])
      .where('e.id', '=', Number(m[1]))
      .executeTakeFirst();
    if (episode) return ledgerLine.episodeRental(episode.name, episode.order_sequence);
  } else if ((m = /^order (\d+)$/.exec(row.reason))) {
    const books = await booksOf(Number(m[1]));
    if (books.length > 0) return ledgerLine.bookPurchase(books);
  } else if ((m = /^(.*) \(pre-order (\d+)\)$/.exec(row.reason))) {
    const books = await booksOf(Number(m[2]));
    if (books.length > 0) return ledgerLine.preOrderBonus(m[1]!, books);
  } else if ((m = /^(.*) \(order (\d+)\)$/.exec(row.reason)) && !m[1]!.includes('coin pack')) {
    const books = await booksOf(Number(m[2]));
    if (books.length > 0) return ledgerLine.earnedPoints(m[1]!, books);
  } else if (row.reason.startsWith('cancel: ') && row.order_id !== null) {
    return row.amount > 0 ? ledgerLine.refund(row.order_id) : ledgerLine.revoke(row.order_id);
  }
  return legacyLedgerLine(row.reason);
}

async function orderBooks(db: Kysely<any>, orderId: number): Promise<LedgerBook[]> {
  const rows: { name: string; vol: number }[] = await db
    .selectFrom('order_items as i')
    .innerJoin('books as b', 'b.id', 'i.book_id')
    .innerJoin('titles as t', 't.id', 'b.title_id')
    .select(['t.name', 'b.vol'])
    .where('i.order_id', '=', orderId)
    .orderBy('i.book_id')
    .execute();
  return rows.map((r) => ({ titleName: r.name, vol: r.vol }));
}

function memo<T>(load: (key: number) => Promise<T>): (key: number) => Promise<T> {
  const seen = new Map<number, Promise<T>>();
  return (key) => {
    if (!seen.has(key)) seen.set(key, load(key));
    return seen.get(key)!;
  };
}
