import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import { ledgerLine } from '@hondana/domain/wallet/ledger-lines';
import type { AdRewardResult, RentalResult } from '@hondana/domain/serials/serials-api';
import { RentalPaymentType, SpendType, chargeState, isAdultCategory, rentalEnd } from '@hondana/domain/serials/serials';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { type StoredResponse, withOneTimeToken } from '../tokens/one-time-tokens';
import { spend, withRetry } from '../ledger/ledger';
import * as repo from './serials.repository';
import type { EpisodeRow, SerialRow } from './serials.repository';
import { baseSpendType, episodeUserData, isExpired, isReleased } from './serial-views';
import { memberState, requireEpisode, requireSerial } from './serials.service';
import { refreshShelfSeries } from '../bookshelf/shelf-updates';
import * as users from './user-serials.repository';
import { requireConfirmedEmail } from '../accounts/email-confirmed';

export const RENTAL_PURPOSE = 'serial_rental';

interface RentalInput {
  userId: number;
  episodeId: number;
  token: string;
  price: number;
  spendType?: number;
  paymentType?: number;
  /** The member confirmed their age (adult serials, §4 adult gate). */
  adult: boolean;
  now: number;
}

const refuse = (code: ErrorCode, message: string) => new AppError(400, code, [message]);

/**
 * The episode can be opened now: the serial is on release and the episode released and not
 * ended; a serial in an adult category only by a member whose age is confirmed.
 */
export async function releasedEpisode(db: Kysely<Database> | Transaction<Database>, episodeId: number, now: number, adult: boolean) {
  const episode = await requireEpisode(db, episodeId);
  const serial = await requireSerial(db, episode.serialId, now);
  if (isAdultCategory(serial.category) && !adult)
    throw new AppError(403, ErrorCode.ADULT_CHECK_REQUIRED, ['serial_episode_id: adult serial']);
  if (isExpired(serial, now)) throw refuse(ErrorCode.NOT_ON_RELEASE, 'serial: distribution has ended');
  if (!isReleased(episode, now)) throw refuse(ErrorCode.EPISODE_NOT_ON_RELEASE, 'serial_episode_id: not on release');
  return { episode, serial };
}

/**
 * `POST /user_serial_episodes/{id}/rental?token=`: rents the episode with the normal ticket (1),
 * a special ticket (3) or coins (2), once per token. The rental is claimed first (so a second
 * rental of the same episode spends nothing), then the ticket or coins are spent by
 * conditional updates in the same transaction; any refusal rolls back everything.
 */
export function rent(db: Kysely<Database>, input: RentalInput): Promise<StoredResponse<RentalResult>> {
  const request = { e: input.episodeId, p: input.price, s: input.spendType ?? null, t: input.paymentType ?? null };
  return withRetry(() =>
    withOneTimeToken(db, { token: input.token, userId: input.userId, purpose: RENTAL_PURPOSE, request, now: input.now }, async (trx) => ({
      body: await rentIn(trx, input),
    })),
  );
}

async function rentIn(trx: Transaction<Database>, input: RentalInput): Promise<RentalResult> {
  const { episode, serial } = await releasedEpisode(trx, input.episodeId, input.now, input.adult);
  const state = await memberState(trx, input.userId, serial.id);
  const episodes = await repo.listEpisodes(trx, serial.id);
  const data = episodeUserData(episodes, serial, state, input.now).find((d) => d.serialEpisodeId === episode.id)!;
  if (data.renting) throw new AppError(409, ErrorCode.ALREADY_RENTED, ['serial_episode_id: already rented']);
  const spendType = input.spendType ?? data.personalizedSpendType;
  const paymentType = spendType === SpendType.PAYMENT ? (input.paymentType ?? RentalPaymentType.MANGA_COIN) : null;
  checkRequest(serial, episode, {
    spendType,
    paymentType,
    price: input.price,
    finalPrice: data.finalPrice,
    chargeUsedAt: state.chargeUsedAt,
    now: input.now,
  });

  const end = rentalEnd(input.now, serial.rentalMinutes);
  const claimed = await users.claimRental(trx, {
    userId: input.userId,
    episodeId: episode.id,
    serialId: serial.id,
    spendType,
    price: input.price,
    paymentType,
    rentalEnd: end,
    now: input.now,
  });
  if (!claimed) throw new AppError(409, ErrorCode.ALREADY_RENTED, ['serial_episode_id: already rented']);
  if (serial.titleId !== null) await refreshShelfSeries(trx, input.userId, [serial.titleId]);
  await pay(trx, input.userId, serial, episode, { spendType, paymentType, price: input.price, rentalEnd: end, now: input.now });
  return { serialEpisodeId: episode.id, spendType: spendType as RentalResult['spendType'], price: input.price, rentalPeriodTime: end };
}

interface RentalCheck {
  spendType: number;
  paymentType: number | null;
  price: number;
  finalPrice: number;
  chargeUsedAt: number | null;
  now: number;
}

/** §4 and §8: the spend type must fit the episode, the price must be the final price. */
function checkRequest(serial: SerialRow, episode: EpisodeRow, c: RentalCheck): void {
  const base = baseSpendType(episode, serial);
  if (base === SpendType.FREE || ![1, 2, 3].includes(c.spendType)) {
    throw refuse(ErrorCode.RENTAL_INVALID_SPEND_TYPE, 'spend_type: not usable for this episode');
  }
  if (c.spendType === SpendType.CHARGE) {
    if (base !== SpendType.CHARGE) throw refuse(ErrorCode.NOT_USABLE_CHARGE, 'spend_type: this serial has no normal ticket');
    if (!chargeState(c.chargeUsedAt, serial.chargeMinutes, c.now).charged)
      throw refuse(ErrorCode.CHARGE_NOT_FULL, 'spend_type: the normal ticket is not back yet');
    if (c.finalPrice !== 0) throw refuse(ErrorCode.NOT_TARGET_ORDER_ONLY_EPISODE, 'serial_episode_id: the ticket opens episodes in order');
    if (c.price !== 0) throw refuse(ErrorCode.INVALID_PRICE, 'price: must be 0 with a ticket');
  } else if (c.spendType === SpendType.TICKET) {
    if (serial.ticketUsable !== 1) throw refuse(ErrorCode.NOT_USABLE_TICKET, 'spend_type: special tickets are not usable on this serial');
    if (c.price !== 0) throw refuse(ErrorCode.INVALID_PRICE, 'price: must be 0 with a ticket');
  } else {
    if (c.paymentType !== RentalPaymentType.COIN && c.paymentType !== RentalPaymentType.MANGA_COIN) {
      throw refuse(ErrorCode.RENTAL_INVALID_PAYMENT_TYPE, 'payment_type: must be 0 (coin) or 2 (manga coin)');
    }
    if (c.price !== episode.price || episode.price <= 0) throw refuse(ErrorCode.INVALID_PRICE, `price: must be ${episode.price}`);
  }
}

async function pay(
  trx: Transaction<Database>,
  userId: number,
  serial: SerialRow,
  episode: EpisodeRow,
  p: { spendType: number; paymentType: number | null; price: number; rentalEnd: number; now: number },
): Promise<void> {
  if (p.spendType === SpendType.CHARGE) {
    if (!(await users.useCharge(trx, userId, serial.id, serial.chargeMinutes, p.now))) {
      throw refuse(ErrorCode.CHARGE_NOT_FULL, 'spend_type: the normal ticket is not back yet');
    }
  } else if (p.spendType === SpendType.TICKET) {
    if (!(await users.spendTicket(trx, userId, p.now))) throw refuse(ErrorCode.TICKET_NOT_ENOUGH, 'spend_type: no special ticket left');
  } else {
    // Spending coins is a purchase: the member's address is confirmed first (issue 38), as for books.
    await requireConfirmedEmail(trx, userId);
    // Points cannot pay rentals (§6): only the coin or manga coin ledger is drawn.
    const currency = p.paymentType === RentalPaymentType.COIN ? 'COIN' : 'MANGA_COIN';
    const drawn = await spend(trx, {
      userId,
      currency,
      amount: p.price,
      orderId: null,
      reason: ledgerLine.episodeRental(serial.name, episode.orderSequence),
      now: p.now,
    });
    if (drawn === null) {
      throw refuse(
        currency === 'COIN' ? ErrorCode.RENTAL_NOT_ENOUGH_AMEBA_COIN : ErrorCode.RENTAL_NOT_ENOUGH_MANGA_COIN,
        `${currency === 'COIN' ? 'コイン' : 'マンガコイン'}が不足しています`,
      );
    }
    // The payment history (`/order/payments`) lists every coin rental, not only the latest per episode.
    await users.recordRentalPayment(trx, {
      userId,
      serialId: serial.id,
      episodeId: episode.id,
      paymentType: p.paymentType!,
      price: p.price,
      rentalEnd: p.rentalEnd,
      now: p.now,
    });
  }
}

/** `POST /user_serial_ad_reward/me/use?token=&serial_id=`: after the (simulated) ad, refills the serial's normal ticket. */
export function useAdReward(
  db: Kysely<Database>,
  input: { userId: number; serialId: number; token: string; now: number },
): Promise<StoredResponse<AdRewardResult>> {
  return withOneTimeToken(
    db,
    { token: input.token, userId: input.userId, purpose: 'serial_ad_reward', request: { s: input.serialId }, now: input.now },
    async (trx) => {
      const serial = await requireSerial(trx, input.serialId, input.now);
      if (serial.rewardUsable !== 1) throw refuse(ErrorCode.NOT_USABLE_CHARGE, 'serial_id: ad rewards are not usable on this serial');
      const row = await users.findUserSerial(trx, input.userId, serial.id);
      if (chargeState(row?.charge_used_at ?? null, serial.chargeMinutes, input.now).charged) {
        throw refuse(ErrorCode.ALREADY_EXISTS, 'serial_id: the normal ticket is already back');
      }
      if (!(await users.spendAdReward(trx, input.userId, input.now)))
        throw refuse(ErrorCode.TICKET_NOT_ENOUGH, 'ad reward: none left today');
      await users.refillCharge(trx, input.userId, serial.id, input.now);
      return { body: { status: { code: 0 }, serialId: serial.id, charged: true } };
    },
  );
}
