import type { Transaction } from 'kysely';
import type { CatalogEventKind } from '../../db/catalog-schema';
import type { Database } from '../../db/schema';

export interface CatalogEvent {
  kind: CatalogEventKind;
  titleId: number;
  bookId?: number | null;
  serialId?: number | null;
  userId: number | null;
  now: number;
}

export async function insertCatalogEvent(trx: Transaction<Database>, event: CatalogEvent): Promise<void> {
  await trx
    .insertInto('catalog_events')
    .values({
      kind: event.kind,
      title_id: event.titleId,
      book_id: event.bookId ?? null,
      serial_id: event.serialId ?? null,
      user_id: event.userId,
      created_at: event.now,
    })
    .execute();
}
