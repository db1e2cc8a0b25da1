import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addBox, createCampaign, createTicket } from './support/campaign-factories';
import { ledgerInvariant, member, tokenFor } from './support/wallet-factories';

/** A campaign with several boxes: the member chooses the box, and the draw takes from its stock only. */
let t: TestApp;
const now = Date.parse('2026-11-25T03:00:00Z');
beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(now) });
});
afterAll(() => t.close());
const db = () => t.database.db;

const consume = async (cookie: string, body: { ticketId: number; boxId?: number | string }) =>
  t.app.inject({
    method: 'POST',
    url: `/api/lottery/tickets/consume?token=${await tokenFor(t.app, cookie, '/api/lottery/tickets/create_token')}`,
    headers: { cookie },
    payload: { ...body, titleId: 0, reCaptchaToken: 'ok' },
  });
const remaining = async (prizeId: number) =>
  (await db().selectFrom('lottery_prizes').select('remaining').where('id', '=', prizeId).executeTakeFirstOrThrow()).remaining;

async function twoBoxes() {
  await db()
    .updateTable('lottery_campaigns')
    .set({ end_at: now - 1, start_at: now - 2 })
    .where('end_at', '>', now)
    .execute();
  const first = await createCampaign(db(), {
    now,
    prizes: [{ rank: 1, name: '10マンガコイン', kind: 'MANGA_COIN', amount: 10, weight: 1, stock: 3 }],
  });
  const second = await addBox(db(), {
    campaignId: first.campaignId,
    name: '豪華ボックス',
    prizes: [{ rank: 1, name: '5ポイント', kind: 'POINT', amount: 5, weight: 1, stock: 3 }],
  });
  return {
    campaignId: first.campaignId,
    first: { boxId: first.boxId, prizeId: first.prizeIds[0]! },
    second: { boxId: second.boxId, prizeId: second.prizeIds[0]! },
  };
}

describe('lottery boxes', () => {
  it('the campaign lists both boxes; a draw in each box takes that box’s prize and stock only', async () => {
    const { campaignId, first, second } = await twoBoxes();
    const boxes = (await t.app.inject({ url: `/api/lottery/boxes?lottery_campaign_id=${campaignId}` })).json().results.boxes;
    expect(boxes.map((b: { boxId: number; name: string }) => [b.boxId, b.name])).toEqual([
      [first.boxId, 'ボックス'],
      [second.boxId, '豪華ボックス'],
    ]);
    const m = await member(t.app);
    const [a, b] = [
      await createTicket(db(), { userId: m.userId, campaignId, now }),
      await createTicket(db(), { userId: m.userId, campaignId, now }),
    ];

    const inSecond = await consume(m.cookie, { ticketId: a, boxId: second.boxId });
    expect(inSecond.statusCode).toBe(200);
    expect(inSecond.json().results.prize).toMatchObject({ prizeId: second.prizeId, boxId: second.boxId, kind: 'POINT' });
    expect([await remaining(first.prizeId), await remaining(second.prizeId)]).toEqual([3, 2]);

    const inFirst = await consume(m.cookie, { ticketId: b, boxId: first.boxId });
    expect(inFirst.json().results.prize).toMatchObject({ prizeId: first.prizeId, boxId: first.boxId });
    expect([await remaining(first.prizeId), await remaining(second.prizeId)]).toEqual([2, 2]);
    expect(await ledgerInvariant(db(), m.userId, now)).toMatchObject({ MANGA_COIN: 10, POINT: 5 });
  });

  it('without a box the campaign’s first box draws (the §7 body as the spec has it)', async () => {
    const { campaignId, first } = await twoBoxes();
    const m = await member(t.app);
    const drawn = await consume(m.cookie, { ticketId: await createTicket(db(), { userId: m.userId, campaignId, now }) });
    expect(drawn.json().results.prize.prizeId).toBe(first.prizeId);
  });

  it('a box of another campaign or a bad box id is 400 naming boxId, and the ticket stays unused', async () => {
    const { campaignId } = await twoBoxes();
    const other = await createCampaign(db(), { now });
    const m = await member(t.app);
    const ticket = await createTicket(db(), { userId: m.userId, campaignId, now });
    for (const boxId of [other.boxId, 'x']) {
      const refused = await consume(m.cookie, { ticketId: ticket, boxId });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().errorCode).toBe('BAD_REQUEST');
      expect(refused.body).toContain('boxId');
    }
    const row = await db().selectFrom('lottery_tickets').select('used_at').where('id', '=', ticket).executeTakeFirstOrThrow();
    expect(row.used_at).toBeNull();
  });

  it('parallel draws of the last prize of each box: one winner per box, the others are sold out and keep their tickets', async () => {
    const { campaignId, first, second } = await twoBoxes();
    await db().updateTable('lottery_prizes').set({ remaining: 1 }).where('id', 'in', [first.prizeId, second.prizeId]).execute();
    const members = await Promise.all(Array.from({ length: 16 }, () => member(t.app)));
    const tickets = await Promise.all(members.map((m) => createTicket(db(), { userId: m.userId, campaignId, now })));
    const boxOf = (i: number) => (i % 2 === 0 ? first : second);
    const answers = await Promise.all(members.map((m, i) => consume(m.cookie, { ticketId: tickets[i]!, boxId: boxOf(i).boxId })));
    for (const box of [first, second]) {
      const mine = answers.filter((_, i) => boxOf(i) === box);
      expect(mine.filter((a) => a.statusCode === 200).map((a) => a.json().results.prize.prizeId)).toEqual([box.prizeId]);
      expect(new Set(mine.filter((a) => a.statusCode !== 200).map((a) => a.json().errorCode))).toEqual(new Set(['LOTTERY_PRIZE_SOLD_OUT']));
      expect(await remaining(box.prizeId)).toBe(0);
    }
    const used = await db()
      .selectFrom('lottery_tickets')
      .select('id')
      .where('id', 'in', tickets)
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(2);
  });
});
