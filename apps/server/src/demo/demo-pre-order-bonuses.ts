import type { CreatePreOrderBonusBody } from '@hondana/domain/admin/admin-pre-order-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createPreOrderBonus } from '../modules/admin/pre-order-bonuses.service';
import type { DemoPlan } from './demo-plan';

type Tx = Kysely<Database> | Transaction<Database>;

/**
 * Pre-order bonuses of the demo, made through the console's service (`createPreOrderBonus`) as an
 * operator would: every volume not yet released gives 予約特典 50 points for pre-ordering it, and
 * the soonest of those volumes store-wide also gives back 10 % of its price (発売記念). Bonuses run
 * from the volume's listing to its release.
 */
export async function insertDemoPreOrderBonuses(db: Tx, plan: DemoPlan, now: number): Promise<void> {
  const coming = plan.books.filter((b) => b.start_datetime > now).sort((a, b) => a.start_datetime - b.start_datetime || a.id! - b.id!);
  const bonuses: Omit<CreatePreOrderBonusBody, 'token'>[] = coming.map((book) => ({
    name: '予約特典 50ポイント',
    bookId: book.id!,
    points: 50,
    rate: 0,
    start: Math.min(book.created_at ?? now, now),
    end: book.start_datetime,
  }));
  const first = coming[0];
  if (first)
    bonuses.push({
      name: '発売記念 予約で10%ポイント還元',
      bookId: first.id!,
      points: 0,
      rate: 10,
      start: Math.min(first.created_at ?? now, now),
      end: first.start_datetime,
    });
  for (const bonus of bonuses) await createPreOrderBonus(db, bonus, now);
}
