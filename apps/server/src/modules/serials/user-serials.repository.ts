import { TICKET_MAX_AMOUNT, adRewardState, ticketState, tokyoDayNumber } from '@hondana/domain/serials/serials';
import { sql } from 'kysely';
import type { UserSerialEpisodesTable } from '../../db/serials-schema';
import type { Db } from '../../db/schema';

/**
 * A member's serial rows. Every spend is a conditional update checked by affected rows: the
 * normal ticket by its last use, the special tickets and ad rewards by compare-and-swap on the
 * stored state (which the domain advances with the clock), a rental by an upsert that only
 * replaces an ended rental.
 */

export async function ensureUserSerial(db: Db, userId: number, serialId: number, now: number): Promise<void> {
  await db
    .insertInto('user_serials')
    .values({
      user_id: userId,
      serial_id: serialId,
      charge_used_at: null,
      notification: 0,
      last_episode_id: null,
      last_read_at: null,
      history_visible: 0,
      created_at: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'serial_id']).doNothing())
    .execute();
}

export async function findUserSerial(db: Db, userId: number, serialId: number) {
  return (
    (await db.selectFrom('user_serials').selectAll().where('user_id', '=', userId).where('serial_id', '=', serialId).executeTakeFirst()) ??
    null
  );
}

/** Uses the serial's normal ticket if it is back; false when it is not. */
export async function useCharge(db: Db, userId: number, serialId: number, chargeMinutes: number, now: number): Promise<boolean> {
  await ensureUserSerial(db, userId, serialId, now);
  const result = await db
    .updateTable('user_serials')
    .set({ charge_used_at: now })
    .where('user_id', '=', userId)
    .where('serial_id', '=', serialId)
    .where((eb) => eb.or([eb('charge_used_at', 'is', null), eb('charge_used_at', '<=', now - chargeMinutes * 60_000)]))
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Refills the normal ticket (the ad reward). */
export async function refillCharge(db: Db, userId: number, serialId: number, now: number): Promise<void> {
  await ensureUserSerial(db, userId, serialId, now);
  await db
    .updateTable('user_serials')
    .set({ charge_used_at: null })
    .where('user_id', '=', userId)
    .where('serial_id', '=', serialId)
    .execute();
}

export async function userEpisodeRows(db: Db, userId: number, serialId: number): Promise<UserSerialEpisodesTable[]> {
  return db.selectFrom('user_serial_episodes').selectAll().where('user_id', '=', userId).where('serial_id', '=', serialId).execute();
}

export async function userEpisodeRow(db: Db, userId: number, episodeId: number): Promise<UserSerialEpisodesTable | null> {
  return (
    (await db
      .selectFrom('user_serial_episodes')
      .selectAll()
      .where('user_id', '=', userId)
      .where('episode_id', '=', episodeId)
      .executeTakeFirst()) ?? null
  );
}

interface RentalClaim {
  userId: number;
  episodeId: number;
  serialId: number;
  spendType: number;
  price: number;
  paymentType: number | null;
  rentalEnd: number;
  now: number;
}

/** Records a rental unless one is running; false when the episode is already rented. */
export async function claimRental(db: Db, c: RentalClaim): Promise<boolean> {
  const rental = { spend_type: c.spendType, price: c.price, payment_type: c.paymentType, rented_at: c.now, rental_end: c.rentalEnd };
  const result = await db
    .insertInto('user_serial_episodes')
    .values({ user_id: c.userId, episode_id: c.episodeId, serial_id: c.serialId, ...rental, read_started_at: null, read_ended_at: null })
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'episode_id'])
        .doUpdateSet(rental)
        .where((eb) => eb.or([eb('user_serial_episodes.rental_end', 'is', null), eb('user_serial_episodes.rental_end', '<=', c.now)])),
    )
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
}

/** One coin rental for the payment history. */
export async function recordRentalPayment(
  db: Db,
  r: { userId: number; serialId: number; episodeId: number; paymentType: number; price: number; rentalEnd: number; now: number },
): Promise<void> {
  await db
    .insertInto('serial_rental_payments')
    .values({
      user_id: r.userId,
      serial_id: r.serialId,
      episode_id: r.episodeId,
      payment_type: r.paymentType,
      price: r.price,
      rental_end: r.rentalEnd,
      created_at: r.now,
    })
    .execute();
}

export async function markReading(
  db: Db,
  userId: number,
  episodeId: number,
  serialId: number,
  column: 'read_started_at' | 'read_ended_at',
  now: number,
) {
  await db
    .insertInto('user_serial_episodes')
    .values({
      user_id: userId,
      episode_id: episodeId,
      serial_id: serialId,
      spend_type: null,
      price: 0,
      payment_type: null,
      rented_at: null,
      rental_end: null,
      read_started_at: null,
      read_ended_at: null,
      [column]: now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doUpdateSet({ [column]: now }))
    .execute();
}

export async function recordHistory(db: Db, userId: number, serialId: number, episodeId: number, now: number): Promise<void> {
  await ensureUserSerial(db, userId, serialId, now);
  await db
    .updateTable('user_serials')
    .set({ last_episode_id: episodeId, last_read_at: now, history_visible: 1 })
    .where('user_id', '=', userId)
    .where('serial_id', '=', serialId)
    .execute();
}

// —— special tickets and ad rewards: compare-and-swap on the stored state ——

const CAS_ATTEMPTS = 8;

export async function ticketRow(db: Db, userId: number) {
  return (
    (await db.selectFrom('user_serial_tickets').select(['amount', 'as_of as asOf']).where('user_id', '=', userId).executeTakeFirst()) ??
    null
  );
}

/** Spends one special ticket; false when none is held. */
export async function spendTicket(db: Db, userId: number, now: number): Promise<boolean> {
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const stored = await ticketRow(db, userId);
    const held = ticketState(stored, now).amount;
    if (held < 1) return false;
    if (!stored) {
      const inserted = await db
        .insertInto('user_serial_tickets')
        .values({ user_id: userId, amount: TICKET_MAX_AMOUNT - 1, as_of: now })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
      continue;
    }
    const updated = await db
      .updateTable('user_serial_tickets')
      .set({ amount: held - 1, as_of: now })
      .where('user_id', '=', userId)
      .where('amount', '=', stored.amount)
      .where('as_of', '=', stored.asOf)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) return true;
  }
  throw new Error('special tickets: too much contention');
}

export async function adRewardRow(db: Db, userId: number) {
  return (await db.selectFrom('user_serial_ad_rewards').select(['amount', 'day']).where('user_id', '=', userId).executeTakeFirst()) ?? null;
}

/** Spends one of today's ad rewards; false when none is left. */
export async function spendAdReward(db: Db, userId: number, now: number): Promise<boolean> {
  const today = tokyoDayNumber(now);
  for (let attempt = 0; attempt < CAS_ATTEMPTS; attempt++) {
    const stored = await adRewardRow(db, userId);
    const left = adRewardState(stored, now).amount;
    if (left < 1) return false;
    if (!stored) {
      const inserted = await db
        .insertInto('user_serial_ad_rewards')
        .values({ user_id: userId, amount: left - 1, day: today })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return true;
      continue;
    }
    const updated = await db
      .updateTable('user_serial_ad_rewards')
      .set({ amount: left - 1, day: today })
      .where('user_id', '=', userId)
      .where('amount', '=', stored.amount)
      .where('day', '=', stored.day)
      .executeTakeFirst();
    if (updated.numUpdatedRows === 1n) return true;
  }
  throw new Error('ad rewards: too much contention');
}

export const setNotification = (db: Db, userId: number, serialId: number, on: boolean) =>
  db
    .updateTable('user_serials')
    .set({ notification: on ? 1 : 0 })
    .where('user_id', '=', userId)
    .where('serial_id', '=', serialId)
    .execute();

/** Hides one serial from the member's history, or (serialId null) every serial of it in one statement. */
export const hideHistory = (db: Db, userId: number, serialId: number | null) => {
  const q = db.updateTable('user_serials').set({ history_visible: 0 }).where('user_id', '=', userId);
  return (serialId === null ? q : q.where('serial_id', '=', serialId)).execute();
};

export const historyRows = (db: Db, userId: number, limit: number, offset: number) =>
  db
    .selectFrom('user_serials')
    .selectAll()
    .where('user_id', '=', userId)
    .where('history_visible', '=', 1)
    .orderBy('last_read_at', 'desc')
    .orderBy('serial_id')
    .limit(limit)
    .offset(offset)
    .execute();

/** Serial ids the member has opened (for recommendations). */
export const touchedSerialIds = async (db: Db, userId: number): Promise<number[]> =>
  (
    await db
      .selectFrom('user_serials')
      .select('serial_id')
      .where('user_id', '=', userId)
      .where(sql<boolean>`last_read_at is not null`)
      .execute()
  ).map((r) => r.serial_id);

/** The member's coin rentals with their serial and episode names, newest first, the first `take`. */
export async function rentalPaymentRows(db: Db, userId: number, take: number) {
  return db
    .selectFrom('serial_rental_payments as p')
    .innerJoin('serials as s', 's.id', 'p.serial_id')
    .innerJoin('serial_episodes as e', 'e.id', 'p.episode_id')
    .select([
      'p.id',
      'p.serial_id',
      'p.episode_id',
      'p.payment_type',
      'p.price',
      'p.rental_end',
      'p.created_at',
      's.name as serial_name',
      'e.title as episode_title',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(take)
    .execute();
}

export async function rentalPaymentCount(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('serial_rental_payments')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Episodes the member opened with the normal ticket (spend type 1), newest first. */
/** The member's coin rentals of episodes, newest first, one page. */
export async function rentalChargeRows(db: Db, userId: number, q: { offset: number; limit: number }) {
  return db
    .selectFrom('serial_rental_payments as p')
    .innerJoin('serials as s', 's.id', 'p.serial_id')
    .innerJoin('serial_episodes as e', 'e.id', 'p.episode_id')
    .select([
      'p.serial_id',
      'p.episode_id',
      'p.payment_type',
      'p.price',
      'p.rental_end',
      'p.created_at',
      's.name as serial_name',
      'e.title as episode_title',
    ])
    .where('p.user_id', '=', userId)
    .orderBy('p.created_at', 'desc')
    .orderBy('p.id', 'desc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
}
