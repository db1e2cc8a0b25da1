import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signEpisodeQuery } from '../src/media/signed-urls';
import { staffMember } from './support/admin-factories';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { type Rgb, pageImage, zipBuffer } from './support/import-fixtures';
import { insertSerial } from './support/serial-factories';
import { testClock } from './support/subscription-factories';
import { member } from './support/wallet-factories';

/** The console's upload of an episode's pages (a CBZ or ZIP of images), and the reader serving them instead of drawn art. */
const START = Date.UTC(2027, 0, 10, 3, 0, 0);
const clock = testClock(START);
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());
const db = () => t.database.db;
type Operator = Awaited<ReturnType<typeof staffMember>>;
type Browser = {
  pages_data: {
    totalPage: number;
    pages: { page: number; width: number; height: number; images: { width: number; webp: string; jpg: string }[] }[];
  };
};

const RED = { r: 220, g: 20, b: 30 };
const GREEN = { r: 20, g: 200, b: 40 };
const BLUE = { r: 30, g: 40, b: 210 };

const upload = async (op: Operator, episodeId: number, body: Buffer, version: number, token?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/episodes/${episodeId}/pages?token=${token ?? (await op.token())}&version=${version}`,
    headers: { cookie: op.cookie, 'content-type': 'application/octet-stream' },
    payload: body,
  });
const cbz = async (pages: [string, Rgb][]) =>
  zipBuffer([
    // Hidden entries are skipped and pages come in natural order (p2 before p10), as in the import.
    { name: '__MACOSX/._p1.png', data: 'junk' },
    ...(await Promise.all(
      pages.map(async ([name, colour]) => ({ name, data: await pageImage(1440, 2048, colour, name.endsWith('.png') ? 'png' : 'jpeg') })),
    )),
  ]);
const centre = async (bytes: Buffer) => {
  const { data } = await sharp(bytes).resize(1, 1).raw().toBuffer({ resolveWithObject: true });
  return { r: data[0]!, g: data[1]!, b: data[2]! };
};
const auditOf = (subject: string) => db().selectFrom('admin_audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const catalogCount = async () =>
  Number((await db().selectFrom('store_changes').select('version').where('topic', '=', 'catalog').executeTakeFirst())?.version ?? 0);

describe('episode page upload', () => {
  it("replaces a free episode's drawn pages with the uploaded ones, at a new media version", async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { episodeIds } = await insertSerial(db(), { episodes: 2, free: 1, now: START });
    const episodeId = episodeIds[0]!;
    const read = async () => (await t.app.inject({ url: `/api/serial_episode_browsers/${episodeId}` })).json<Browser>();

    // Before: two drawn pages 720×1024, served as demo art.
    const drawn = await read();
    expect(drawn.pages_data.totalPage).toBe(2);
    const drawnUrl = drawn.pages_data.pages[0]!.images.find((i) => i.width === 720)!.webp;
    const drawnPage = await t.app.inject({ url: drawnUrl });
    expect(drawnPage.statusCode).toBe(200);
    expect(await sharp(drawnPage.rawPayload).metadata()).toMatchObject({ width: 720, height: 1024 });

    const before = await catalogCount();
    const token = await op.token();
    const file = await cbz([
      ['p10.jpg', BLUE],
      ['p2.png', GREEN],
      ['p1.png', RED],
    ]);
    const r = await upload(op, episodeId, file, 0, token);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ id: episodeId, pageCount: 3, pagesUploaded: true, mediaVersion: 1, version: 1 });
    expect(await catalogCount()).toBe(before + 1);
    const [entry, ...more] = await auditOf(`episode:${episodeId}`);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ action: 'episode.pages', actor_user_id: op.userId });
    expect(JSON.parse(entry!.before_json!)).toMatchObject({ pageCount: 2, pagesUploaded: false, mediaVersion: 0, version: 0 });
    expect(JSON.parse(entry!.after_json!)).toMatchObject({
      pageCount: 3,
      pagesUploaded: true,
      mediaVersion: 1,
      version: 1,
      originals: [expect.stringMatching(/^originals\/[0-9a-f]{64}\.png$/), expect.any(String), expect.stringMatching(/\.jpg$/)],
    });

    // After: three pages in natural order, sized as the images, at URLs that changed (`v=1`).
    const uploaded = await read();
    expect(uploaded.pages_data.pages.map((p) => [p.page, p.width, p.height])).toEqual([
      [0, 1440, 2048],
      [1, 1440, 2048],
      [2, 1440, 2048],
    ]);
    const url = uploaded.pages_data.pages[0]!.images.find((i) => i.width === 720)!.webp;
    expect(url).toContain('v=1');
    expect(url).not.toBe(drawnUrl);
    const colours: Rgb[] = [];
    for (const [i, expected] of [RED, GREEN, BLUE].entries()) {
      const page = uploaded.pages_data.pages[i]!;
      const served = await t.app.inject({ url: page.images.find((x) => x.width === 720)!.webp });
      expect(served.statusCode).toBe(200);
      // A derivative of the uploaded source: its proportions (1440×2048 at 720 wide) and its colour.
      expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 720, height: 1024 });
      const c = await centre(served.rawPayload);
      colours.push(c);
      for (const k of ['r', 'g', 'b'] as const) expect(Math.abs(c[k] - expected[k]), `page ${i} ${k}`).toBeLessThan(25);
    }
    const big = await t.app.inject({ url: uploaded.pages_data.pages[2]!.images.find((x) => x.width === 1080)!.jpg });
    expect(await sharp(big.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1080, height: 1536 });
    // The drawn page's derivative was dropped: its old URL now gets the uploaded page too.
    const old = await t.app.inject({ url: drawnUrl });
    expect(old.statusCode).toBe(200);
    expect((await centre(old.rawPayload)).r).toBeGreaterThan(180);
    // The originals are in the media store under their hash.
    const [original] = await db()
      .selectFrom('serial_episode_page_originals')
      .select('original_key')
      .where('episode_id', '=', episodeId)
      .where('page_no', '=', 0)
      .execute();
    expect(await t.app.deps.media.exists(original!.original_key)).toBe(true);

    // A replay of the token answers the first result and changes nothing.
    const replay = await upload(op, episodeId, file, 0, token);
    expect([replay.statusCode, replay.json()]).toEqual([200, r.json()]);
    expect(await auditOf(`episode:${episodeId}`)).toHaveLength(1);
    // An upload against the version it replaced is refused.
    const stale = await upload(op, episodeId, file, 0);
    expect([stale.statusCode, stale.json().errorCode]).toEqual([409, 'EDIT_CONFLICT']);
    // The console's serial shows the episode's new page count.
    const serial = (
      await op.get(
        `/serials/${(await db().selectFrom('serial_episodes').select('serial_id').where('id', '=', episodeId).executeTakeFirstOrThrow()).serial_id}`,
      )
    ).json();
    expect(serial.episodes[0]).toMatchObject({ pageCount: 3, pagesUploaded: true });
  });

  it("keeps a locked episode's pages refused after an upload (guest, member without a right, forged grants)", async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { episodeIds } = await insertSerial(db(), { episodes: 2, free: 1, price: 40, now: START });
    const locked = episodeIds[1]!;
    const r = await upload(op, locked, await cbz([['01.png', RED]]), 0);
    expect(r.statusCode, r.body).toBe(200);
    const m = await member(t.app);
    const browse = (cookie?: string) => t.app.inject({ url: `/api/serial_episode_browsers/${locked}`, headers: cookie ? { cookie } : {} });
    expect((await browse()).statusCode).toBe(401);
    expect((await browse(m.cookie)).statusCode).toBe(403);
    // A URL signed for someone who holds no right to the episode is refused at the media server.
    const expires = START + 60_000;
    for (const grant of [{ kind: 'free' as const }, { kind: 'member' as const, userId: m.userId }]) {
      const served = await t.app.inject({
        url: `/media/episodes/${locked}/0/720.webp?${signEpisodeQuery('test-media-key', locked, 0, grant, expires)}&v=1`,
        headers: { cookie: m.cookie },
      });
      expect(served.statusCode).toBe(403);
    }
    expect(await t.app.deps.media.exists(`episodes/${locked}/0/720.webp`)).toBe(false);
  });

  it('refuses a file that is not a ZIP, holds no images or an undecodable image, naming the field', async () => {
    const op = await staffMember(t.app, db(), 'operator');
    const { episodeIds } = await insertSerial(db(), { episodes: 1, free: 1, now: START });
    const episodeId = episodeIds[0]!;
    const bad = async (body: Buffer, message: RegExp) => {
      const r = await upload(op, episodeId, body, 0);
      expect([r.statusCode, r.json().errorCode, r.json().messages]).toEqual([400, 'BAD_REQUEST', [expect.stringMatching(message)]]);
    };
    await bad(Buffer.from('this is not a zip'), /^file: not a ZIP archive/);
    await bad(await zipBuffer([{ name: 'readme.txt', data: 'no pages here' }]), /^file: no page images \(JPEG, PNG, WebP or AVIF\) found$/);
    const good = await pageImage(200, 300, RED, 'jpeg');
    await bad(
      await zipBuffer([
        { name: 'p1.jpg', data: good },
        { name: 'p2.jpg', data: good.subarray(0, 200) },
      ]),
      /^file: p2\.jpg: not a decodable image/,
    );
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/admin/episodes/${episodeId}/pages?token=${await op.token()}&version=0`,
      headers: { cookie: op.cookie, 'content-type': 'application/octet-stream' },
      payload: Buffer.alloc(0),
    });
    expect([empty.statusCode, empty.json().messages[0]]).toEqual([400, expect.stringMatching(/^file: is required/)]);
    const noVersion = await t.app.inject({
      method: 'POST',
      url: `/api/admin/episodes/${episodeId}/pages?token=${await op.token()}`,
      headers: { cookie: op.cookie, 'content-type': 'application/octet-stream' },
      payload: good,
    });
    expect([noVersion.statusCode, noVersion.json().messages[0]]).toEqual([400, expect.stringMatching(/^version: /)]);
    // Nothing changed: still the two drawn pages, no audit entry.
    expect(
      await db()
        .selectFrom('serial_episodes')
        .select(['page_count', 'media_version', 'version'])
        .where('id', '=', episodeId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ page_count: 2, media_version: 0, version: 0 });
    expect(await auditOf(`episode:${episodeId}`)).toEqual([]);
  });

  it('is for operators only', async () => {
    const { episodeIds } = await insertSerial(db(), { episodes: 1, free: 1, now: START });
    const file = await cbz([['01.png', RED]]);
    const support = await staffMember(t.app, db(), 'support');
    expect((await upload(support, episodeIds[0]!, file, 0)).statusCode).toBe(403);
    const m = await member(t.app);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/admin/episodes/${episodeIds[0]}/pages?token=x&version=0`,
      headers: { cookie: m.cookie, 'content-type': 'application/octet-stream' },
      payload: file,
    });
    expect(r.statusCode).toBe(403);
    const op = await staffMember(t.app, db(), 'operator');
    expect((await upload(op, 999_999, file, 0)).statusCode).toBe(404);
  });
});
