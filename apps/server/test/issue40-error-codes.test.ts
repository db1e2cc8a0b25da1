import { ErrorCode } from '@hondana/domain/common/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxProvider } from '../src/payments/sandbox-provider';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { cartClient, giveCoupon, insertCoupon } from './support/cart-factories';
import { insertBook, insertTitle } from './support/catalog-factories';
import { insertSerial } from './support/serial-factories';
import { ledgerInvariant, member, sandboxCardId } from './support/wallet-factories';

/** Issue 40: §8 codes that nothing raised, raised where their condition occurs (SQLite and PostgreSQL). */

const START = Date.UTC(2026, 10, 22, 3);
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(START) });
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('CATEGORY_NOT_EXISTS', () => {
  it('a serial list of a category that is not a §9 page type is 404 naming category; all lists every one', async () => {
    const { serialId } = await insertSerial(t.database.db, { now: START, category: 'male' });
    for (const path of ['/api/serials/recents', '/api/serial_read_ranks']) {
      const unknown = await get(`${path}?category=space_opera`);
      expect([unknown.statusCode, unknown.json().errorCode], path).toEqual([404, 'CATEGORY_NOT_EXISTS']);
      expect(unknown.json().messages.join(' ')).toContain('category:');
      expect((await get(`${path}?category=female`)).statusCode, path).toBe(200);
    }
    expect((await get('/api/serials/recents?category=male')).json().serials.map((s: { id: number }) => s.id)).toContain(serialId);
    expect((await get('/api/serials/recents?category=all')).json().serials.map((s: { id: number }) => s.id)).toContain(serialId);
    expect((await get('/api/serials/recents?category=female')).json().serials.map((s: { id: number }) => s.id)).not.toContain(serialId);
  });
});

describe('USER_COUPO_NOT_EXISTS', () => {
  it('setting a coupon of the store the member does not hold is 404 USER_COUPO_NOT_EXISTS; an unknown one COUPON_NOT_EXISTS', async () => {
    const db = t.database.db;
    const m = await member(t.app);
    const c = cartClient(t.app, m.cookie);
    const book = await insertBook(db, await insertTitle(db), 1, { price: 551 });
    const held = await insertCoupon(db);
    const notHeld = await insertCoupon(db);
    await giveCoupon(db, m.userId, held);
    await c.add(book);
    const other = await c.setCoupon(await c.token(), notHeld);
    expect([other.statusCode, other.json().errorCode]).toEqual([404, 'USER_COUPO_NOT_EXISTS']);
    expect(other.json().messages).toEqual(['couponId: not one of your coupons']);
    const unknown = await c.setCoupon(await c.token(), 999_999);
    expect([unknown.statusCode, unknown.json().errorCode]).toEqual([404, 'COUPON_NOT_EXISTS']);
    expect((await c.setCoupon(await c.token(), held)).statusCode).toBe(200);
  });
});

describe('CART_PAYMENT_RESERVE_ERROR', () => {
  it('a carrier that refuses to reserve the payment rolls the order back with CART_PAYMENT_RESERVE_ERROR; a declined card stays CART_PAYMENT_FAILED', async () => {
    const sandbox = createSandboxProvider();
    // A carrier whose reservation is refused (the sandbox's carriers always reserve).
    const provider = {
      ...sandbox,
      name: sandbox.name,
      confirmationTtlMs: sandbox.confirmationTtlMs,
      underMaintenance: (m: Parameters<typeof sandbox.underMaintenance>[0]) => sandbox.underMaintenance(m),
      registerCard: sandbox.registerCard.bind(sandbox),
      start: async (trx: Parameters<typeof sandbox.start>[0], request: Parameters<typeof sandbox.start>[1]) =>
        request.method === 'creditcard'
          ? sandbox.start(trx, request)
          : ({
              kind: 'FAILED',
              errorCode: ErrorCode.CLIENT_ERROR,
              message: 'reservation refused',
              cardBrand: null,
              cardLast4: null,
            } as const),
    };
    const app = await buildTestApp({ paymentProvider: provider, clock: () => new Date(START) });
    try {
      const db = app.database.db;
      const m = await member(app.app);
      const c = cartClient(app.app, m.cookie);
      const book = await insertBook(db, await insertTitle(db), 1, { price: 500 });
      await c.add(book);
      const carrier = await c.order(await c.token(), { usePoint: 0, salePrice: 500, bookIds: [book], paymentType: 'docomo' });
      expect([carrier.statusCode, carrier.json().errorCode]).toEqual([400, 'CART_PAYMENT_RESERVE_ERROR']);
      expect(await db.selectFrom('orders').select('id').where('user_id', '=', m.userId).execute()).toEqual([]);
      expect((await ledgerInvariant(db, m.userId, START)).POINT ?? 0).toBe(0);
      const cardId = await sandboxCardId(app.app, '4000000000000002', '12/30');
      const card = await c.order(await c.token(), { usePoint: 0, salePrice: 500, bookIds: [book], paymentType: 'creditcard', cardId });
      expect(card.json().errorCode).toBe('CART_PAYMENT_FAILED');
    } finally {
      await app.close();
    }
  });
});
