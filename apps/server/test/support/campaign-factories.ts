import type { Insertable } from 'kysely';
import type { Database, Db } from '../../src/db/schema';
import { recordChange } from '../../src/ops/store-changes';

const DAY = 86_400_000;

export interface PrizeInput {
  rank: number;
  name: string;
  kind: 'MANGA_COIN' | 'POINT' | 'BOOK' | 'COUPON';
  amount?: number;
  bookId?: number;
  couponId?: number;
  weight: number;
  stock?: number | null;
}

/**
 * A lottery campaign running around `now` (a week either side unless told) with one box of
 * `prizes` and the given distribution events (one ticket each).
 */
export async function createCampaign(
  db: Db,
  options: {
    now: number;
    prizes?: PrizeInput[];
    events?: string[];
    campaign?: Partial<Insertable<Database['lottery_campaigns']>>;
  },
): Promise<{ campaignId: number; boxId: number; prizeIds: number[] }> {
  const { id: campaignId } = await db
    .insertInto('lottery_campaigns')
    .values({
      name: 'テストくじ',
      start_at: options.now - 7 * DAY,
      end_at: options.now + 7 * DAY,
      ticket_valid_days: 3,
      ...options.campaign,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: boxId } = await db
    .insertInto('lottery_boxes')
    .values({ campaign_id: campaignId, name: 'ボックス' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prizes = options.prizes ?? [{ rank: 1, name: '10マンガコイン', kind: 'MANGA_COIN', amount: 10, weight: 1 }];
  const prizeIds: number[] = [];
  for (const p of prizes) {
    const stock = p.stock ?? null;
    const row = await db
      .insertInto('lottery_prizes')
      .values({
        box_id: boxId,
        rank: p.rank,
        name: p.name,
        kind: p.kind,
        amount: p.amount ?? 0,
        book_id: p.bookId ?? null,
        coupon_id: p.couponId ?? null,
        weight: p.weight,
        stock,
        remaining: stock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    prizeIds.push(row.id);
  }
  for (const event of options.events ?? ['PURCHASE', 'READ_END_FREE', 'READ_END_PRICED', 'SHARE']) {
    await db
      .insertInto('lottery_distribution_events')
      .values({ campaign_id: campaignId, event_type: event, name: event, tickets: 1, link_id: event === 'URL' ? 'spring' : null })
      .execute();
  }
  // Counted as the console's save counts it: a purchase's kept running lotteries follow the count.
  await recordChange(db, 'catalog', options.now);
  return { campaignId, boxId, prizeIds };
}

/** A ticket of the member, issued now and valid for a day unless told. */
export async function createTicket(
  db: Db,
  input: { userId: number; campaignId: number; now: number; expiresAt?: number; key?: string },
): Promise<number> {
  const row = await db
    .insertInto('lottery_tickets')
    .values({
      user_id: input.userId,
      campaign_id: input.campaignId,
      event_type: 'SHARE',
      grant_key: input.key ?? `test:${Math.random()}`,
      order_id: null,
      issued_at: input.now,
      expires_at: input.expiresAt ?? input.now + DAY,
      used_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Many tickets at once (the statistical test). */
export async function createTickets(db: Db, input: { userId: number; campaignId: number; now: number; count: number }): Promise<number[]> {
  const ids: number[] = [];
  for (let start = 0; start < input.count; start += 500) {
    const rows = await db
      .insertInto('lottery_tickets')
      .values(
        Array.from({ length: Math.min(500, input.count - start) }, (_, i) => ({
          user_id: input.userId,
          campaign_id: input.campaignId,
          event_type: 'SHARE',
          grant_key: `bulk:${start + i}`,
          order_id: null,
          issued_at: input.now,
          expires_at: input.now + DAY,
          used_at: null,
        })),
      )
      .returning('id')
      .execute();
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}

/** A further box of the campaign with its prizes (sorted after the first box). */
export async function addBox(
  db: Db,
  input: { campaignId: number; name: string; prizes: PrizeInput[] },
): Promise<{ boxId: number; prizeIds: number[] }> {
  const { id: boxId } = await db
    .insertInto('lottery_boxes')
    .values({ campaign_id: input.campaignId, name: input.name, sort_order: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prizeIds: number[] = [];
  for (const p of input.prizes) {
    const stock = p.stock ?? null;
    const row = await db
      .insertInto('lottery_prizes')
      .values({
        box_id: boxId,
        rank: p.rank,
        name: p.name,
        kind: p.kind,
        amount: p.amount ?? 0,
        book_id: p.bookId ?? null,
        coupon_id: p.couponId ?? null,
        weight: p.weight,
        stock,
        remaining: stock,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    prizeIds.push(row.id);
  }
  return { boxId, prizeIds };
}
