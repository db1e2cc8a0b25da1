import { SandboxTestCard } from '@hondana/domain/wallet/wallet-payments';
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_MANGA_COIN_POSSESSION } from '../src/modules/wallet/coin-purchase.service';
import { insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import {
  type ProcessDatabase,
  type ServerProcess,
  client,
  confirmEmailThrough,
  createProcessDatabase,
  startServer,
} from './support/server-processes';
import { grantTo, ledgerInvariant } from './support/wallet-factories';

/**
 * Coin pack purchases of one member sent to two store processes (`main.ts`) on one database
 *: the pack's purchase limit and the possession cap hold.
 */
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop()));
  await database?.destroy();
  database = null;
});

type Item = { id: number; coin: number; bonus: number; limit: number | null };

async function twoProcesses() {
  database = await createProcessDatabase();
  await insertTitle(database.handle.db); // a catalog exists: no demo generation at start
  const [first, second] = await Promise.all([startServer(database.env), startServer(database.env)]);
  servers.push(first!, second!);
  const api = client(`${first!.url}/api`);
  const signup = await api.post('/auth/signup', createMember());
  expect(signup.status).toBe(200);
  await confirmEmailThrough(api, database, signup.json.userId as number);
  const items = (await api.get('/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop')).json.items as Item[];
  // The member's card, as the page's card fields take it: on the sandbox's endpoint, outside /api.
  const card = await client(first!.url).post('/sandbox/cards', { number: SandboxTestCard.SUCCESS, expiry: '12/39', cvc: '123' });
  const cardId = (card.json as { cardId: string }).cardId;
  return { db: database.handle.db, userId: signup.json.userId as number, apis: [api, api.at(`${second!.url}/api`)], items, cardId };
}

/** Sixteen purchases of the pack, alternating between the two processes, all at once. */
async function sixteenPurchases(apis: ReturnType<typeof client>[], itemId: number, cardId: string) {
  const tokens = await Promise.all(Array.from({ length: 16 }, (_, i) => apis[i % 2]!.get('/manga_coin/purchase/create_token')));
  return Promise.all(
    tokens.map((token, i) =>
      apis[i % 2]!.post(`/manga_coin/purchase?token=${token.json.status!.token!}`, { itemId, paymentType: 'creditcard', cardId }),
    ),
  );
}

describe('coin pack purchases across two processes', () => {
  it('a pack limited to one is sold once to sixteen parallel purchases', async () => {
    const { db, userId, apis, items, cardId } = await twoProcesses();
    const trial = items.find((i) => i.limit === 1)!;
    const responses = await sixteenPurchases(apis, trial.id, cardId);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(1);
    expect(new Set(responses.filter((r) => r.status !== 200).map((r) => r.json.errorCode))).toEqual(new Set(['POSSESSION_LIMIT']));
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(trial.coin + trial.bonus);
  }, 120_000);

  it('sixteen parallel purchases stop at the possession cap', async () => {
    const { db, userId, apis, items, cardId } = await twoProcesses();
    const thousand = items.find((i) => i.coin === 1000 && i.limit === null)!;
    const each = thousand.coin + thousand.bonus;
    const start = MAX_MANGA_COIN_POSSESSION - 4 * each - 10; // room for exactly four packs
    await grantTo(db, userId, 'MANGA_COIN', start, { paid: true, yenValue: start });
    const responses = await sixteenPurchases(apis, thousand.id, cardId);
    expect(responses.filter((r) => r.status === 200)).toHaveLength(4);
    expect(new Set(responses.filter((r) => r.status !== 200).map((r) => r.json.errorCode))).toEqual(new Set(['COIN_POSESSION_OVER']));
    expect((await ledgerInvariant(db, userId, Date.now())).MANGA_COIN).toBe(start + 4 * each);
  }, 120_000);
});
