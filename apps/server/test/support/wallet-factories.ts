import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { type Currency, currencies } from '@hondana/domain/wallet/wallet-lots';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../src/db/schema';
import { balance, grant } from '../../src/modules/ledger/ledger';
import { sweepExpired } from '../../src/modules/wallet/wallet.service';
import { createMember, signUp } from './members';

const YEAR = 365 * 24 * 60 * 60 * 1000;

/** A signed-up member: their session cookie and user id. */
export async function member(app: FastifyInstance, birth_date = '1990-04-01'): Promise<{ cookie: string; userId: number }> {
  const cookie = await signUp(app, createMember({ birth_date }));
  const status = await app.inject({ url: '/api/common/get_status', headers: { cookie } });
  return { cookie, userId: status.json<{ userId: number }>().userId };
}

/** Grants a lot (bonus unless `paid`), expiring in a year unless told. */
export async function grantTo(
  db: Db,
  userId: number,
  currency: Currency,
  amount: number,
  options: { paid?: boolean; yenValue?: number; expiresAt?: number; now?: number } = {},
): Promise<number> {
  const now = options.now ?? Date.now();
  return db.transaction().execute((trx) =>
    grant(trx, {
      userId,
      currency,
      amount,
      paid: options.paid ?? false,
      yenValue: options.yenValue ?? 0,
      expiresAt: options.expiresAt ?? now + YEAR,
      reason: 'test grant',
      now,
    }),
  );
}

/**
 * The wallet invariant: after due expiries are written, every balance equals the sum
 * of its ledger entries, every lot's remaining equals its own entries, and nothing is negative.
 */
export async function ledgerInvariant(db: Db, userId: number, now: number): Promise<Record<Currency, number>> {
  await sweepExpired(db, userId, now);
  const result = {} as Record<Currency, number>;
  for (const currency of currencies) {
    const held = await balance(db, userId, currency, now);
    const ledger = await db
      .selectFrom('wallet_ledger')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('total'))
      .where('user_id', '=', userId)
      .where('currency', '=', currency)
      .executeTakeFirstOrThrow();
    if (Number(ledger.total) !== held) throw new Error(`${currency}: ledger ${ledger.total} ≠ balance ${held}`);
    if (held < 0) throw new Error(`${currency}: negative balance ${held}`);
    result[currency] = held;
  }
  const lots = await db
    .selectFrom('wallet_lots')
    .leftJoin('wallet_ledger', 'wallet_ledger.lot_id', 'wallet_lots.id')
    .select(['wallet_lots.id', 'wallet_lots.remaining', (eb) => eb.fn.sum<number>('wallet_ledger.amount').as('total')])
    .where('wallet_lots.user_id', '=', userId)
    .groupBy(['wallet_lots.id', 'wallet_lots.remaining'])
    .execute();
  for (const lot of lots) {
    if (Number(lot.total) !== lot.remaining) throw new Error(`lot ${lot.id}: remaining ${lot.remaining} ≠ entries ${lot.total}`);
    if (lot.remaining < 0) throw new Error(`lot ${lot.id}: negative`);
  }
  return result;
}

/** The manga coin flow of §7: buy check, token, buy. Returns the buy's response. */
export async function buyWithMangaCoin(app: FastifyInstance, cookie: string, bookId: number, price: number) {
  const tokenResponse = await app.inject({ url: '/api/order/book/manga_coin/create_token', headers: { cookie } });
  const token = tokenResponse.json<{ status: { token: string } }>().status.token;
  return app.inject({
    method: 'POST',
    url: '/api/order/book/manga_coin/buy',
    headers: { cookie },
    payload: { token, book_id: bookId, checked_price: price },
  });
}

export async function tokenFor(app: FastifyInstance, cookie: string, url: string): Promise<string> {
  const response = await app.inject({ url, headers: { cookie } });
  if (response.statusCode !== 200) throw new Error(`token: ${response.statusCode} ${response.body}`);
  return response.json<{ status: { token: string } }>().status.token;
}

/**
 * What the page's card fields do: post the card to the sandbox's own endpoint (`POST
 * /sandbox/cards`, outside `/api`) and get its id, the only thing the store's API accepts.
 */
export async function sandboxCardId(app: FastifyInstance, number: string = SandboxTestCard.SUCCESS, expiry = '12/39'): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/sandbox/cards', payload: { number, expiry, cvc: '123' } });
  if (response.statusCode !== 200) throw new Error(`sandbox card ${number}: ${response.statusCode} ${response.body}`);
  return response.json<{ cardId: string }>().cardId;
}
