import type { CreateFeatureBody } from '@hondana/domain/admin/admin-features-api';
import type { AdminSerial } from '@hondana/domain/admin/admin-serials-api';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { createFeature } from '../modules/admin/features.service';

type Tx = Kysely<Database> | Transaction<Database>;
const DAY = 86_400_000;
/** The most serials one feature holds (the console's limit). */
const MAX_SERIALS = 50;

/**
 * Editorial serial lists of the demo (§7 `/serial_osusumes`), made through the console's features
 * service (`createFeature`) as an operator would: 編集部のおすすめ with the serials outside the adult
 * categories, and 毎日無料で読める連載 with those a daily ticket opens; both running from a week ago
 * for a year, so `/serial` shows them.
 */
export async function insertDemoOsusumes(
  db: Tx,
  serials: Pick<AdminSerial, 'id' | 'category' | 'ticketUsable'>[],
  now: number,
): Promise<void> {
  const general = serials.filter((s) => !s.category.startsWith('adult'));
  const lists = [
    { name: '編集部のおすすめ', description: '今週、編集部が読んでほしい連載', serials: general },
    { name: '毎日無料で読める連載', description: '1日1話、チケットで無料', serials: general.filter((s) => s.ticketUsable) },
  ].filter((list) => list.serials.length > 0);
  for (const list of lists) {
    const input: Omit<CreateFeatureBody, 'token'> = {
      name: list.name,
      description: list.description,
      start: now - 7 * DAY,
      end: now + 365 * DAY,
      serialIds: list.serials.slice(0, MAX_SERIALS).map((s) => s.id),
    };
    await createFeature(db, input, now);
  }
}
