import { afterEach, describe, expect, it } from 'vitest';
import { createCampaign, createTicket } from './support/campaign-factories';
import { insertTitle } from './support/catalog-factories';
import { createMember } from './support/members';
import { type ProcessDatabase, type ServerProcess, client, createProcessDatabase, startServer } from './support/server-processes';
import { testDialect } from './support/test-database';

/** Lottery draws across two server processes sharing one PostgreSQL database. */
let database: ProcessDatabase | null = null;
const servers: ServerProcess[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.stop('SIGKILL')));
  await database?.destroy();
  database = null;
});

type Api = ReturnType<typeof client>;
const consume = async (api: Api, ticketId: number) => {
  const token = (await api.get('/lottery/tickets/create_token')).json.status!.token!;
  return api.post(`/lottery/tickets/consume?token=${token}`, { ticketId, titleId: 0, reCaptchaToken: 'ok' });
};

describe.skipIf(testDialect !== 'postgres')('draws across processes', () => {
  it('two processes: the last prize has one winner, and one ticket sent to both 40 times draws once', async () => {
    database = await createProcessDatabase();
    const db = database.handle.db;
    const now = Date.now();
    await insertTitle(db); // a catalog already there: the processes seed no demo data
    const { campaignId, prizeIds } = await createCampaign(db, {
      now,
      prizes: [
        { rank: 1, name: '1000マンガコイン', kind: 'MANGA_COIN', amount: 1000, weight: 1000, stock: 1 },
        { rank: 9, name: '1ポイント', kind: 'POINT', amount: 1, weight: 1, stock: null },
      ],
    });
    const one = await startServer(database.env);
    servers.push(one);
    const two = await startServer(database.env);
    servers.push(two);
    // Eight members: signups are rate-limited at ten a minute per address.
    const members: { apis: Api[]; userId: number }[] = [];
    for (let i = 0; i < 8; i += 1) {
      const api = client(`${one.url}/api`);
      expect((await api.post('/auth/signup', createMember())).status).toBe(200);
      const status = await api.get('/common/get_status');
      members.push({ apis: [api, api.at(`${two.url}/api`)], userId: status.json.userId as number });
    }
    const ticketIds = await Promise.all(members.map((m) => createTicket(db, { userId: m.userId, campaignId, now })));
    const answers = await Promise.all(members.map((m, i) => consume(m.apis[i % 2]!, ticketIds[i]!)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    const won = answers.filter((a) => (a.json.results as { prize: { prizeId: number } }).prize.prizeId === prizeIds[0]);
    expect(won).toHaveLength(1);
    expect(
      (await db.selectFrom('lottery_prizes').select('remaining').where('id', '=', prizeIds[0]!).executeTakeFirstOrThrow()).remaining,
    ).toBe(0);

    const m = members[0]!;
    const ticket = await createTicket(db, { userId: m.userId, campaignId, now });
    const race = await Promise.all(Array.from({ length: 40 }, (_, i) => consume(m.apis[i % 2]!, ticket)));
    expect(race.filter((a) => a.status === 200)).toHaveLength(1);
    expect(new Set(race.filter((a) => a.status !== 200).map((a) => a.json.errorCode))).toEqual(new Set(['LOTTERY_TICKET_USED']));
    expect(await db.selectFrom('lottery_draws').select('id').where('ticket_id', '=', ticket).execute()).toHaveLength(1);
  }, 120_000);
});
