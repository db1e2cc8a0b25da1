import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';
import { buyWithMangaCoin, grantTo, ledgerInvariant, member } from './support/wallet-factories';

/** The console's invitation campaigns (`/api/admin/invitation_campaigns`) and the store's invitation calls showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const DAY = 86_400_000;
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
/** The store's change counter every process follows within a second (a console change moves it). */
const catalogCount = async () =>
  Number((await db().selectFrom('store_changes').select('version').where('topic', '=', 'catalog').executeTakeFirst())?.version ?? 0);
const api = (cookie: string, url: string) => t.app.inject({ url: `/api${url}`, headers: { cookie } });

interface CampaignView {
  id: number;
  name: string;
  version: number;
  state: string;
  start: string;
  end: string;
  inviterIncentive: { limit: number; useSteps: boolean; steps: { mangaCoinAmount: number; expireDays: number }[] };
  inviteeIncentive: { amount: number; minCartPrice: number; expireDays: number };
  inviterMaximum: number;
  invitees: number;
  achieved: number;
}

const campaign = (overrides: object = {}) => ({
  name: '新春 友達招待',
  start: '2027-01-01T00:00',
  end: '2027-02-01T00:00',
  utmCampaign: 'newyear_invitation',
  images: [{ location: 'appeal', imageUrl: '/media/invitation.png', alt: '友達招待' }],
  inviterIncentive: {
    limit: 2,
    useSteps: true,
    steps: [
      { mangaCoinAmount: 400, expireDays: 60 },
      { mangaCoinAmount: 700, expireDays: 60 },
    ],
  },
  inviteeIncentive: { amount: 300, minCartPrice: 500, expireDays: 14 },
  ...overrides,
});

/** Every campaign still running or scheduled ends, so a test's own campaign may run. */
async function endOthers() {
  await db()
    .updateTable('invitation_campaigns')
    .set({ start_at: START - 2, end_at: START - 1 })
    .where('end_at', '>', clock.now())
    .execute();
}

describe('invitation campaigns in the console', () => {
  it('a campaign created in the console runs in the store at once and pays its steps; edits keep the version; a stale edit is 409; ending it stops its codes; each change is audited', async () => {
    await endOthers();
    const op = await staffMember(t.app, db(), 'operator');
    const counted = await catalogCount();
    const created = await op.change('POST', '/invitation_campaigns', campaign());
    expect(created.statusCode, created.body).toBe(200);
    expect(await catalogCount()).toBe(counted + 1);
    const c = created.json<CampaignView>();
    expect(c).toMatchObject({
      state: 'running',
      version: 0,
      start: '2027-01-01T00:00',
      end: '2027-02-01T00:00',
      inviterMaximum: 1100,
      invitees: 0,
      achieved: 0,
    });

    // The store: the campaign as §3 writes it, on the invitation calls.
    const open = (await t.app.inject({ url: '/api/invitation/campaigns' })).json().results;
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({
      id: c.id,
      name: '新春 友達招待',
      utmCampaign: 'newyear_invitation',
      inviterIncentive: { limit: 2, useSteps: true, steps: [{ mangaCoinAmount: 400 }, { mangaCoinAmount: 700 }] },
      inviteeIncentive: { amount: 300, minCartPrice: 500, expireDays: 14 },
      campaignType: 'FIRST_PURCHASE',
    });

    // A member invites a friend: the friend's ticket is the campaign's, and their first purchase pays the first step.
    const inviter = await member(t.app);
    const info = (await api(inviter.cookie, '/invitation/campaign/incentive/inviter/info')).json().results;
    expect(info).toMatchObject({ invitationLimit: 2, invitationLimitMangaCoin: 1100, invitationAchievedCount: 0 });
    const friend = await member(t.app);
    const granted = await t.app.inject({
      method: 'POST',
      url: '/api/invitation/campaign/incentive/invitee/grant',
      headers: { cookie: friend.cookie },
      payload: { code: info.invitationCode },
    });
    expect(granted.json().results).toEqual({
      hasAvailableTicket: true,
      ticketDiscountAmount: 300,
      minCartPrice: 500,
      expireDatetime: START + 14 * DAY,
    });
    const book = await insertBook(db(), await insertTitle(db()), 1, { price: 300 });
    await grantTo(db(), friend.userId, 'MANGA_COIN', 300, { now: clock.now() });
    expect((await buyWithMangaCoin(t.app, friend.cookie, book, 300)).statusCode).toBe(200);
    expect((await ledgerInvariant(db(), inviter.userId, clock.now())).MANGA_COIN).toBe(400);

    // An edit: the ticket and steps change for what comes next; the store reads them at once.
    const edited = await op.change('PUT', `/invitation_campaigns/${c.id}`, {
      version: 0,
      name: '新春 友達招待（延長）',
      end: '2027-02-15T00:00',
      inviteeIncentive: { amount: 500, minCartPrice: 1000, expireDays: 30 },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await catalogCount()).toBe(counted + 2);
    expect(edited.json<CampaignView>()).toMatchObject({
      version: 1,
      name: '新春 友達招待（延長）',
      end: '2027-02-15T00:00',
      invitees: 1,
      achieved: 1,
      inviterIncentive: { limit: 2 },
    });
    expect((await t.app.inject({ url: `/api/invitation/code/campaign?code=${info.invitationCode}` })).json().results).toMatchObject({
      name: '新春 友達招待（延長）',
      inviteeIncentive: { amount: 500, minCartPrice: 1000, expireDays: 30 },
    });

    // A save against the version read before another's save is refused, and changes nothing.
    const stale = await op.change('PUT', `/invitation_campaigns/${c.id}`, { version: 0, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await db().selectFrom('invitation_campaigns').select('name').where('id', '=', c.id).executeTakeFirstOrThrow()).name).toBe(
      '新春 友達招待（延長）',
    );

    // Ended: the store has no running campaign, the code is out of term, a second end is refused.
    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/invitation_campaigns/${c.id}/end`, { version: 1 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<CampaignView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 2 });
    expect(await catalogCount()).toBe(counted + 3);
    expect((await t.app.inject({ url: '/api/invitation/campaigns' })).json().results).toEqual([]);
    expect((await t.app.inject({ url: `/api/invitation/code/campaign?code=${info.invitationCode}` })).json().errorCode).toBe(
      'INVITATION_OUT_OF_TERM',
    );
    expect((await api(inviter.cookie, '/invitation/campaign/incentive/inviter/info')).statusCode).toBe(404);
    expect((await op.change('POST', `/invitation_campaigns/${c.id}/end`, { version: 2 })).json().messages).toEqual([
      'end: has already ended',
    ]);
    const ids = async (state: string) =>
      (await op.get(`/invitation_campaigns?state=${state}`)).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id);
    expect(await ids('ended')).toContain(c.id);
    expect(await ids('running')).not.toContain(c.id);

    const entries = await auditOf(`invitation_campaign:${c.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['invitation_campaign.create', op.userId],
      ['invitation_campaign.update', op.userId],
      ['invitation_campaign.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '新春 友達招待' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '新春 友達招待（延長）' });

    // A new campaign may start once the other has ended; the inviter gets a new code in it.
    const next = await op.change(
      'POST',
      '/invitation_campaigns',
      campaign({ name: '春の友達招待', start: '2027-01-10T12:00', end: '2027-03-01T00:00' }),
    );
    expect(next.statusCode, next.body).toBe(200);
    const nextInfo = (await api(inviter.cookie, '/invitation/campaign/incentive/inviter/info')).json().results;
    expect(nextInfo.invitationCode).not.toBe(info.invitationCode);
    await op.change('POST', `/invitation_campaigns/${next.json<CampaignView>().id}/end`, { version: 0 });
    clock.set(START);
  });

  it('lists by state: running, scheduled, ended; support reads the list', async () => {
    await endOthers();
    const op = await staffMember(t.app, db(), 'operator');
    const later = (
      await op.change(
        'POST',
        '/invitation_campaigns',
        campaign({ name: '春の友達招待', start: '2027-03-01T00:00', end: '2027-04-01T00:00' }),
      )
    ).json<CampaignView>();
    expect(later.state).toBe('scheduled');
    const ids = async (state: string) =>
      (await op.get(`/invitation_campaigns?state=${state}`)).json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id);
    expect(await ids('scheduled')).toContain(later.id);
    expect(await ids('running')).not.toContain(later.id);
    expect((await op.get('/invitation_campaigns?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/invitation_campaigns');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ campaigns: CampaignView[] }>().campaigns.map((x) => x.id)).toContain(later.id);
    // Ending one that has not started: it is over and never ran.
    const ended = await op.change('POST', `/invitation_campaigns/${later.id}/end`, { version: 0 });
    expect(ended.json<CampaignView>().state).toBe('ended');
  });

  it('refuses a campaign that would run beside another, and bad fields, with 400 naming the field; records nothing', async () => {
    await endOthers();
    const op = await staffMember(t.app, db(), 'operator');
    const running = (await op.change('POST', '/invitation_campaigns', campaign())).json<CampaignView>();
    const before = (await db().selectFrom('invitation_campaigns').select('id').execute()).length;
    const cases: [object, string | string[]][] = [
      [
        campaign({ start: '2027-01-31T00:00', end: '2027-03-01T00:00' }),
        `start: overlaps invitation campaign ${running.id} (新春 友達招待, 2027-01-01T00:00–2027-02-01T00:00); the store shows one running campaign at a time`,
      ],
      [campaign({ name: '' }), 'name: is required'],
      [campaign({ start: '2027-03-01T00:00', end: '2027-02-01T00:00' }), 'end: must end after it starts'],
      [campaign({ start: '2026-12-01T00:00', end: '2026-12-31T00:00' }), 'end: must be in the future'],
      [
        campaign({ inviteeIncentive: { amount: 0, minCartPrice: 0, expireDays: 14 } }),
        'inviteeIncentive.amount: must be a positive integer',
      ],
      [
        campaign({ inviteeIncentive: { amount: 300, minCartPrice: 0, expireDays: 0 } }),
        'inviteeIncentive.expireDays: must be a positive integer',
      ],
      [
        campaign({ inviterIncentive: { limit: 3, useSteps: true, steps: [{ mangaCoinAmount: 400, expireDays: 60 }] } }),
        'inviterIncentive.limit: must not exceed the 1 steps',
      ],
      [campaign({ inviterIncentive: { limit: 3, useSteps: false, steps: [] } }), 'inviterIncentive.steps: must hold at least one step'],
      [
        campaign({ inviterIncentive: { limit: 3, useSteps: false, steps: [{ mangaCoinAmount: 0, expireDays: 60 }] } }),
        'inviterIncentive.steps.0.mangaCoinAmount: must be a positive integer',
      ],
      [
        campaign({ images: [{ location: 'appeal', imageUrl: 'javascript:alert(1)', alt: '' }] }),
        'images.0.imageUrl: must be a path on the store or an https address',
      ],
      [campaign({ campaignType: 'SIGN_UP' }), 'campaignType: must be FIRST_PURCHASE'],
      [campaign({ utmCampaign: 'Spring Sale' }), 'utmCampaign: must be lower-case letters, digits, - or _'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/invitation_campaigns', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([
        400,
        'BAD_REQUEST',
        Array.isArray(message) ? message : [message],
      ]);
    }
    // A scheduled one after the running one is taken; moving it to overlap is refused, as is a limit beyond its steps.
    const later = (
      await op.change('POST', '/invitation_campaigns', campaign({ start: '2027-02-01T00:00', end: '2027-03-01T00:00' }))
    ).json<CampaignView>();
    const moved = await op.change('PUT', `/invitation_campaigns/${later.id}`, { version: 0, start: '2027-01-20T00:00' });
    expect([moved.statusCode, moved.json().messages[0]]).toEqual([400, expect.stringMatching(/^start: overlaps invitation campaign \d+/)]);
    const limit = await op.change('PUT', `/invitation_campaigns/${later.id}`, {
      version: 0,
      inviterIncentive: { limit: 5, useSteps: true, steps: [{ mangaCoinAmount: 1, expireDays: 1 }] },
    });
    expect(limit.json().messages).toEqual(['inviterIncentive.limit: must not exceed the 1 steps']);
    expect((await op.change('PUT', '/invitation_campaigns/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('invitation_campaigns').select('id').execute()).length).toBe(before + 1);
    expect(
      (await db().selectFrom('admin_audit_log').select('id').where('subject', '=', `invitation_campaign:${later.id}`).execute()).length,
    ).toBe(1);
  });

  it('support and members cannot change campaigns', async () => {
    const support = await staffMember(t.app, db(), 'support');
    expect((await support.change('POST', '/invitation_campaigns', campaign())).statusCode).toBe(403);
    expect((await support.change('POST', '/invitation_campaigns/1/end', { version: 0 })).statusCode).toBe(403);
    expect((await support.change('PUT', '/invitation_campaigns/1', { version: 0, name: 'x' })).statusCode).toBe(403);
    const m = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/invitation_campaigns', headers: { cookie: m.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/invitation_campaigns' })).statusCode).toBe(401);
  });

  it('two operators ending the same campaign at once: one wins, the other is told it changed', async () => {
    await endOthers();
    const { row: c, results } = await endTwiceAtOnce<CampaignView>(t.app, db(), '/invitation_campaigns', campaign());
    const outcomes = results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`invitation_campaign:${c.id}`)).map((e) => e.action)).toEqual([
      'invitation_campaign.create',
      'invitation_campaign.end',
    ]);
  });

  it('two operators creating overlapping campaigns at once: one is taken, the other refused naming start', async () => {
    await endOthers();
    const [a, b] = await Promise.all([staffMember(t.app, db(), 'operator'), staffMember(t.app, db(), 'operator')]);
    const [ta, tb] = await Promise.all([a.token(), b.token()]);
    const results = await Promise.all([
      a.send('POST', '/invitation_campaigns', { token: ta, ...campaign({ name: 'A' }) }),
      b.send('POST', '/invitation_campaigns', { token: tb, ...campaign({ name: 'B' }) }),
    ]);
    const outcomes = results.map((r) => [r.statusCode, (r.json().messages?.[0] as string | undefined)?.split(':')[0] ?? null]).sort();
    expect(outcomes).toEqual([
      [200, null],
      [400, 'start'],
    ]);
    expect((await t.app.inject({ url: '/api/invitation/campaigns' })).json().results).toHaveLength(1);
  });
});
