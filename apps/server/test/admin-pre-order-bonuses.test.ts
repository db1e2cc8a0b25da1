import { TZDate } from '@date-fns/tz';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { endTwiceAtOnce, staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's pre-order bonuses (`/api/admin/pre_order_bonuses`) and the store's `/pre_order/bonus/by_book` showing what they set. */
const START = new TZDate(2027, 0, 10, 12, 0, 0, 'Asia/Tokyo').getTime();
const DAY = 86_400_000;
const clock = testClock(START);
let t: TestApp;
let title: number;
let coming: number;
let later: number;
let released: number;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  title = await insertTitle(t.database.db);
  released = await insertBook(t.database.db, title, 1, { price: 500 });
  coming = await insertBook(t.database.db, title, 2, { price: 600, start_datetime: START + 30 * DAY, sales_status: 'IN_RESERVATION' });
  later = await insertBook(t.database.db, title, 3, { price: 600, start_datetime: START + 60 * DAY, sales_status: 'IN_RESERVATION' });
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface BonusView {
  id: number;
  name: string;
  book: { id: number; titleId: number; titleName: string; vol: number; release: string } | null;
  points: number;
  rate: number;
  start: string;
  end: string | null;
  grants: number;
  state: string;
  version: number;
}
const bonus = (overrides: object = {}) => ({
  name: '2巻予約特典',
  bookId: coming,
  points: 50,
  rate: 0,
  start: '2027-01-01T00:00',
  end: '2027-02-09T12:00',
  ...overrides,
});
const storeBonuses = async (bookId: number) =>
  (await t.app.inject({ url: `/api/pre_order/bonus/by_book?book_id=${bookId}` })).json<{
    list: { id: number; name: string; points: number; rate: number; totalPoint: number }[];
  }>().list;
const list = async (op: Awaited<ReturnType<typeof staffMember>>, query = '') =>
  (await op.get(`/pre_order_bonuses${query}`)).json<{ bonuses: BonusView[] }>().bonuses;

describe('pre-order bonuses in the console', () => {
  it('a bonus created in the console shows on the volume in the store; edits keep the version; a stale edit is 409; ending it hides it; each step is audited', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const created = await op.change('POST', '/pre_order_bonuses', bonus());
    expect(created.statusCode, created.body).toBe(200);
    const b = created.json<BonusView>();
    expect(b).toMatchObject({
      name: '2巻予約特典',
      points: 50,
      rate: 0,
      state: 'running',
      version: 0,
      grants: 0,
      book: { id: coming, titleId: title, vol: 2, release: '2027-02-09T12:00' },
    });
    expect((await storeBonuses(coming)).find((x) => x.id === b.id)).toMatchObject({ name: '2巻予約特典', points: 50, totalPoint: 50 });

    const edited = await op.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 0, name: '2巻予約特典（増量）', points: 30, rate: 10 });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<BonusView>()).toMatchObject({ version: 1, name: '2巻予約特典（増量）', points: 30, rate: 10 });
    expect((await storeBonuses(coming)).find((x) => x.id === b.id)).toMatchObject({ name: '2巻予約特典（増量）', totalPoint: 90 });
    const moved = await op.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 1, bookId: later });
    expect(moved.json<BonusView>()).toMatchObject({ version: 2, book: { id: later, vol: 3 } });

    const stale = await op.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 1, name: '古い名前' });
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    expect((await list(op)).find((x) => x.id === b.id)!.name).toBe('2巻予約特典（増量）');

    clock.set(START + 3_600_000);
    const ended = await op.change('POST', `/pre_order_bonuses/${b.id}/end`, { version: 2 });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json<BonusView>()).toMatchObject({ state: 'ended', end: '2027-01-10T13:00', version: 3 });
    expect((await storeBonuses(later)).some((x) => x.id === b.id)).toBe(false);
    expect((await op.change('POST', `/pre_order_bonuses/${b.id}/end`, { version: 3 })).json().messages).toEqual(['end: has already ended']);
    expect((await list(op, '?state=ended')).map((x) => x.id)).toContain(b.id);
    expect((await list(op, '?state=running')).map((x) => x.id)).not.toContain(b.id);

    const entries = await auditOf(`pre_order_bonus:${b.id}`);
    expect(entries.map((e) => [e.action, e.actor_user_id])).toEqual([
      ['pre_order_bonus.create', op.userId],
      ['pre_order_bonus.update', op.userId],
      ['pre_order_bonus.update', op.userId],
      ['pre_order_bonus.end', op.userId],
    ]);
    expect(JSON.parse(entries[1]!.before_json!)).toMatchObject({ name: '2巻予約特典' });
    expect(JSON.parse(entries[1]!.after_json!)).toMatchObject({ name: '2巻予約特典（増量）' });
    clock.set(START);
  });

  it('lists by state: running, scheduled, ended', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const soon = (await op.change('POST', '/pre_order_bonuses', bonus({ name: '予告特典', start: '2027-01-20T00:00' }))).json<BonusView>();
    expect(soon.state).toBe('scheduled');
    expect((await list(op, '?state=scheduled')).map((x) => x.id)).toContain(soon.id);
    expect((await list(op, '?state=running')).map((x) => x.id)).not.toContain(soon.id);
    expect((await op.get('/pre_order_bonuses?state=soon')).json().messages).toEqual(['state: must be running, scheduled, ended']);
    expect((await storeBonuses(coming)).some((x) => x.id === soon.id)).toBe(false);
  });

  it('refuses bad fields with 400 naming the field (a released volume among them), and records nothing', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const before = (await db().selectFrom('pre_order_bonuses').select('id').execute()).length;
    const cases: [object, string][] = [
      [bonus({ name: '' }), 'name: is required'],
      [bonus({ bookId: released }), 'bookId: is already released: a pre-order bonus is only for a volume not released yet'],
      [bonus({ bookId: 999_999 }), 'bookId: must be a book'],
      [bonus({ points: 0, rate: 0 }), 'points: must give points or a rate'],
      [bonus({ rate: 101 }), 'rate: is too large'],
      [bonus({ points: -1 }), 'points: must be a non-negative integer'],
      [bonus({ end: '2026-12-01T00:00' }), 'end: must end after it starts'],
      [bonus({ start: 'tomorrow' }), 'start: must be a date and time (YYYY-MM-DDTHH:mm, Asia/Tokyo)'],
    ];
    for (const [payload, message] of cases) {
      const r = await op.change('POST', '/pre_order_bonuses', payload);
      expect([r.statusCode, r.json().errorCode, r.json().messages], JSON.stringify(payload)).toEqual([400, 'BAD_REQUEST', [message]]);
    }
    const b = (await op.change('POST', '/pre_order_bonuses', bonus())).json<BonusView>();
    const toReleased = await op.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 0, bookId: released });
    expect([toReleased.statusCode, toReleased.json().messages]).toEqual([
      400,
      ['bookId: is already released: a pre-order bonus is only for a volume not released yet'],
    ]);
    const bad = await op.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 0, end: '2026-12-01T00:00' });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['end: must end after it starts']]);
    expect((await op.change('PUT', '/pre_order_bonuses/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
    expect((await db().selectFrom('pre_order_bonuses').select('id').execute()).length).toBe(before + 1);
    expect((await auditOf(`pre_order_bonus:${b.id}`)).map((e) => e.action)).toEqual(['pre_order_bonus.create']);
  });

  it('support reads the list and is refused every change; members get 403, guests 401', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const b = (await op.change('POST', '/pre_order_bonuses', bonus({ name: 'サポート確認用' }))).json<BonusView>();
    const support = await staffMember(t.app, db(), 'support');
    const read = await support.get('/pre_order_bonuses');
    expect(read.statusCode).toBe(200);
    expect(read.json<{ bonuses: BonusView[] }>().bonuses.map((x) => x.id)).toContain(b.id);
    expect((await support.change('POST', '/pre_order_bonuses', bonus())).statusCode).toBe(403);
    expect((await support.change('PUT', `/pre_order_bonuses/${b.id}`, { version: 0, name: 'x' })).statusCode).toBe(403);
    expect((await support.change('POST', `/pre_order_bonuses/${b.id}/end`, { version: 0 })).statusCode).toBe(403);
    expect((await list(op)).find((x) => x.id === b.id)).toMatchObject({ name: 'サポート確認用', version: 0 });
    const someone = await member(t.app);
    expect((await t.app.inject({ url: '/api/admin/pre_order_bonuses', headers: { cookie: someone.cookie } })).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/pre_order_bonuses' })).statusCode).toBe(401);
  });

  it('two operators ending the same bonus at once: one wins, the other is told it changed', async () => {
    const { row: x, results } = await endTwiceAtOnce<BonusView>(t.app, db(), '/pre_order_bonuses', bonus());
    expect(results.map((r) => [r.statusCode, r.json().errorCode ?? null]).sort()).toEqual([
      [200, null],
      [409, 'EDIT_CONFLICT'],
    ]);
    expect((await auditOf(`pre_order_bonus:${x.id}`)).map((e) => e.action)).toEqual(['pre_order_bonus.create', 'pre_order_bonus.end']);
  });
});
