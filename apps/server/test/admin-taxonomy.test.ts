import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffMember, titleInput } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook } from './support/catalog-factories';
import { member } from './support/wallet-factories';

/**
 * The console's genres, publishers and magazines (`/api/admin/genres|publishers|magazines`): created
 * and renamed by operators against the version read, read by support, each change audited, a name
 * unique within its kind, and the store's title showing the new name at once.
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

interface Row {
  id: number;
  name: string;
  kana?: string;
  publisherId?: number | null;
  titleCount: number;
  version: number;
}
const KINDS = [
  { path: '/genres', singular: 'genre', list: 'genres' },
  { path: '/publishers', singular: 'publisher', list: 'publishers' },
  { path: '/magazines', singular: 'magazine', list: 'magazines' },
] as const;

/** The store's series API for the title (the facts it caches). */
async function storeTitle(titleId: number) {
  const r = await t.app.inject({ url: `/api/titles/${titleId}` });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<{
    categories: { id: number; name: string }[];
    publisherName: string | null;
    magazineName: string | null;
    genreId: number | null;
  }>();
}

describe('taxonomy in the console', () => {
  it.each(KINDS)(
    '$list: created, listed, renamed (version kept), a stale rename is 409, each step audited',
    async ({ path, singular, list }) => {
      const op = await staffMember(t.app, db(), 'operator');
      const created = await op.change('POST', path, { name: `新しい${singular}` });
      expect(created.statusCode, created.body).toBe(200);
      const row = created.json<Row>();
      expect(row).toMatchObject({ name: `新しい${singular}`, version: 0, titleCount: 0 });
      expect((await op.get(path)).json<Record<string, Row[]>>()[list]!.map((r) => r.name)).toContain(`新しい${singular}`);

      const renamed = await op.change('PUT', `${path}/${row.id}`, { version: 0, name: `改名した${singular}` });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Row>()).toMatchObject({ id: row.id, name: `改名した${singular}`, version: 1 });

      const stale = await op.change('PUT', `${path}/${row.id}`, { version: 0, name: 'もう一度' });
      expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
      const entries = await auditOf(`${singular}:${row.id}`);
      expect(entries.map((e) => e.action)).toEqual([`${singular}.create`, `${singular}.update`]);
      expect([JSON.parse(entries[1]!.before_json!).name, JSON.parse(entries[1]!.after_json!).name]).toEqual([
        `新しい${singular}`,
        `改名した${singular}`,
      ]);
    },
  );

  it('a title filed under a picked genre, publisher and magazine (ids sent) shows their new names in the store after a rename', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const genre = (await op.change('POST', '/genres', { name: '冒険' })).json<Row>();
    const publisher = (await op.change('POST', '/publishers', { name: '灯台社', kana: 'トウダイシャ' })).json<Row>();
    const magazine = (
      await op.change('POST', '/magazines', { name: '月刊灯台', kana: 'ゲッカン トウダイ', publisherId: publisher.id })
    ).json<Row>();
    expect(genre.id).toBeGreaterThan(17);
    expect(magazine.publisherId).toBe(publisher.id);

    const title = await op.change(
      'POST',
      '/titles',
      titleInput({ name: '灯台の物語', genreId: genre.id, publisherId: publisher.id, magazineId: magazine.id }),
    );
    expect(title.statusCode, title.body).toBe(200);
    const titleId = title.json<{ id: number }>().id;
    expect(title.json()).toMatchObject({
      genreId: genre.id,
      publisherId: publisher.id,
      magazineId: magazine.id,
      publisher: '灯台社',
      magazine: '月刊灯台',
    });
    await insertBook(db(), titleId, 1, { price: 400 });
    const shown = await storeTitle(titleId);
    expect([shown.categories, shown.publisherName, shown.magazineName]).toEqual([[{ id: genre.id, name: '冒険' }], '灯台社', '月刊灯台']);

    expect((await op.change('PUT', `/genres/${genre.id}`, { version: 0, name: '大冒険' })).statusCode).toBe(200);
    expect((await op.change('PUT', `/publishers/${publisher.id}`, { version: 0, name: '灯台書房' })).statusCode).toBe(200);
    expect((await op.change('PUT', `/magazines/${magazine.id}`, { version: 0, name: '週刊灯台' })).statusCode).toBe(200);
    const after = await storeTitle(titleId);
    expect([after.categories, after.publisherName, after.magazineName]).toEqual([
      [{ id: genre.id, name: '大冒険' }],
      '灯台書房',
      '週刊灯台',
    ]);
    expect((await op.get('/publishers')).json<{ publishers: Row[] }>().publishers.find((p) => p.id === publisher.id)?.titleCount).toBe(1);

    // The title editor's save sends ids: another publisher picked, no magazine.
    const other = (await op.change('POST', '/publishers', { name: '別の社' })).json<Row>();
    const edited = await op.change('PUT', `/titles/${titleId}`, {
      version: title.json<{ version: number }>().version,
      publisherId: other.id,
      magazineId: null,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ publisherId: other.id, publisher: '別の社', magazineId: null, magazine: '' });
    expect((await storeTitle(titleId)).publisherName).toBe('別の社');
    const bad = await op.change('PUT', `/titles/${titleId}`, { version: edited.json<{ version: number }>().version, publisherId: 999999 });
    expect([bad.statusCode, bad.json().messages]).toEqual([400, ['publisherId: must be a publisher id']]);
  });

  it('a name already used is refused naming the field; bad fields are named', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const first = (await op.change('POST', '/publishers', { name: '重複社' })).json<Row>();
    const dup = await op.change('POST', '/publishers', { name: '重複社' });
    expect([dup.statusCode, dup.json().errorCode, dup.json().messages]).toEqual([400, 'BAD_REQUEST', ['name: is already used']]);
    const second = (await op.change('POST', '/publishers', { name: '別名社' })).json<Row>();
    const renameDup = await op.change('PUT', `/publishers/${second.id}`, { version: 0, name: '重複社' });
    expect([renameDup.statusCode, renameDup.json().messages]).toEqual([400, ['name: is already used']]);
    // Its own name again is no duplicate.
    expect((await op.change('PUT', `/publishers/${first.id}`, { version: 0, name: '重複社' })).statusCode).toBe(200);

    const empty = await op.change('POST', '/genres', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(JSON.stringify(empty.json().messages)).toContain('name');
    const kana = await op.change('POST', '/publishers', { name: '読み社', kana: 'よみ' });
    expect(kana.statusCode).toBe(400);
    expect(JSON.stringify(kana.json().messages)).toContain('kana');
    const ref = await op.change('POST', '/magazines', { name: '宙に浮く誌', publisherId: 999999 });
    expect([ref.statusCode, ref.json().messages]).toEqual([400, ['publisherId: must be a publisher id']]);
    const noVersion = await op.change('PUT', `/genres/1`, { name: 'x' });
    expect(noVersion.statusCode).toBe(400);
    expect(JSON.stringify(noVersion.json().messages)).toContain('version');
    expect((await op.change('PUT', '/magazines/999999', { version: 0, name: 'x' })).statusCode).toBe(404);
  });

  it.each(KINDS)(
    '$list: two operators creating the same name at once: one wins, the other is refused naming the field',
    async ({ path, singular, list }) => {
      const [a, b] = await Promise.all([staffMember(t.app, db(), 'operator'), staffMember(t.app, db(), 'operator')]);
      const [ta, tb] = await Promise.all([a.token(), b.token()]);
      const name = `同時の${singular}`;
      const results = await Promise.all([a.send('POST', path, { token: ta, name }), b.send('POST', path, { token: tb, name })]);
      const outcomes = results.map((r) => [r.statusCode, r.json().messages ?? null]).sort();
      expect(outcomes).toEqual([
        [200, null],
        [400, ['name: is already used']],
      ]);
      expect((await a.get(path)).json<Record<string, Row[]>>()[list]!.filter((r) => r.name === name)).toHaveLength(1);
    },
  );

  it('support reads the lists but cannot change them; members and guests cannot read them', async () => {
    const support = await staffMember(t.app, db(), 'support');
    for (const { path } of KINDS) {
      expect((await support.get(path)).statusCode).toBe(200);
      expect((await support.change('POST', path, { name: 'サポートの名' })).statusCode).toBe(403);
      expect((await support.change('PUT', `${path}/1`, { version: 0, name: 'サポートの名' })).statusCode).toBe(403);
      const m = await member(t.app);
      expect((await t.app.inject({ url: `/api/admin${path}`, headers: { cookie: m.cookie } })).statusCode).toBe(403);
      expect((await t.app.inject({ url: `/api/admin${path}` })).statusCode).toBe(401);
    }
  });
});
