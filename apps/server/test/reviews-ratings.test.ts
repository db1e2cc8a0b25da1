import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSeriesPage } from '../src/modules/catalog/titles.service';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { addEvents, createTitle, credit, jst } from './support/discovery-factories';
import { adultViewers } from './support/catalog-factories';
import { signUp } from './support/members';
import { memberClient } from './support/review-helpers';

/**
 * Reviews of an author's titles, the member's own review by id or title, the
 * book detail's review fields and the title's rating on every tile (kept on the title row).
 */
const NOW = jst('2026-11-22T10:00:00');
let t: TestApp;
let titleId = 0;
let otherTitleId = 0;
let adultTitleId = 0;
let bookId = 0;
let authorId = 0;
let alice: ReturnType<typeof memberClient>;
let bob: ReturnType<typeof memberClient>;
let carol: ReturnType<typeof memberClient>;
let guest: ReturnType<typeof memberClient>;
let adult: ReturnType<typeof memberClient>;

type Json = Record<string, unknown>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  const db = t.database.db;
  const main = await createTitle(db, { name: '評価される作品', authors: [{ name: '星野 作家', kana: 'ホシノ サッカ' }] });
  titleId = main.titleId;
  bookId = main.bookIds[0]!;
  authorId = (await db.selectFrom('title_authors').select('author_id').where('title_id', '=', titleId).executeTakeFirstOrThrow()).author_id;
  otherTitleId = (await createTitle(db, { name: '同じ作家の別作品' })).titleId;
  await credit(db, otherTitleId, authorId);
  adultTitleId = (await createTitle(db, { name: '成人向け', erotic_type: 4 })).titleId;
  await credit(db, adultTitleId, authorId);
  // The title ranks yesterday (Tokyo), so /rankings lists it with its newest volume as a tile.
  await addEvents(db, titleId, [{ kind: 'purchase', at: jst('2026-11-21T12:00:00'), count: 3 }]);
  alice = memberClient(t.app, await signUp(t.app));
  bob = memberClient(t.app, await signUp(t.app));
  carol = memberClient(t.app, await signUp(t.app));
  guest = memberClient(t.app);
  adult = memberClient(t.app, (await adultViewers(t.app)).adult);
});
afterAll(async () => {
  await t?.close();
});

async function addReview(client: ReturnType<typeof memberClient>, title: number, star: number) {
  const token = await client.token('/api/review_title/create_token');
  const response = await client.post('/api/review_title/add_review', {
    token,
    title_id: title,
    star,
    title: '感想',
    comment: '本文',
    nickname: 'ニック',
    ameba: 0,
    spoiler: 0,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().result.id as number;
}

const expectField = (response: { statusCode: number; json(): { errorCode: string; messages: string[] } }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' ')).toContain(field);
};

async function json(client: ReturnType<typeof memberClient>, url: string): Promise<Json> {
  const response = await client.get(url);
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json() as Json;
}

const rankingTile = async () => {
  const page = (await json(guest, '/api/rankings?term=daily')) as { entities: { titleId: number; book: { rating: number } }[] };
  return page.entities.find((e) => e.titleId === titleId)?.book;
};

describe('ratings on book detail and tiles', () => {
  let aliceReview = 0;

  it('starts at zero: no reviews, rating 0 (the tile shows a dash), nothing reviewed', async () => {
    const detail = await json(guest, `/api/books/${bookId}`);
    expect(detail).toMatchObject({ commentTotal: 0, rating: 0, reviewed: false, reviewId: null });
    expect((await rankingTile())?.rating).toBe(0);
  });

  it('fills the book detail: the count and average for everyone, reviewed and reviewId for the writer only', async () => {
    aliceReview = await addReview(alice, titleId, 4);
    await addReview(bob, titleId, 5);
    for (const path of [`/api/books/${bookId}`, `/api/book/detail?book_id=${bookId}&book_type=0`]) {
      expect(await json(guest, path)).toMatchObject({ commentTotal: 2, rating: 4.5, reviewed: false, reviewId: null });
      expect(await json(alice, path)).toMatchObject({ commentTotal: 2, rating: 4.5, reviewed: true, reviewId: aliceReview });
      expect(await json(carol, path)).toMatchObject({ commentTotal: 2, rating: 4.5, reviewed: false, reviewId: null });
    }
    // The member's my-list mark comes in the same read.
    expect(await json(carol, `/api/books/${bookId}`)).toMatchObject({ wished: false });
    const token = await carol.token('/api/wish_title/add/create_token');
    expect((await carol.post('/api/wish_title/add', { token, title_id: titleId })).statusCode).toBe(200);
    expect(await json(carol, `/api/books/${bookId}`)).toMatchObject({ wished: true, reviewed: false });
    expect(await json(guest, `/api/books/${bookId}`)).toMatchObject({ wished: false, wishCount: 1 });
  });

  it("gives every tile the title's average: rankings, the series page volumes and seriesInfo", async () => {
    expect((await rankingTile())?.rating).toBe(4.5);
    const series = await getSeriesPage(t.database.db, { titleId, volumePage: 1, includeAdult: false, userId: null, now: NOW });
    expect(series?.volumes.map((v) => v.rating)).toEqual([4.5]);
    expect(series?.seriesInfo.review.reviewPointAve).toBe(4.5);
    const summary = await json(guest, `/api/title_reviews/${titleId}`);
    expect(summary).toMatchObject({ reviewCount: 2, average: 4.5 });
  });

  it('moves the rating when a review is modified, deleted and restored (one decimal, half up)', async () => {
    const carolReview = await addReview(carol, titleId, 4);
    expect((await rankingTile())?.rating).toBe(4.3); // 13 / 3 = 4.33…
    let token = await alice.token('/api/review/create_token');
    const mod = await alice.post('/api/review/mod_review', {
      token,
      review_id: aliceReview,
      title_id: titleId,
      star: 1,
      title: '再読',
      comment: '変わった',
      nickname: 'アリス',
      spoiler: 0,
    });
    expect(mod.statusCode, mod.body).toBe(200);
    expect((await rankingTile())?.rating).toBe(3.3); // 10 / 3
    expect(await json(guest, `/api/books/${bookId}`)).toMatchObject({ commentTotal: 3, rating: 3.3 });

    token = await carol.token('/api/review/create_token');
    expect((await carol.post('/api/review/del_review', { token, review_id: carolReview })).statusCode).toBe(200);
    expect(await json(guest, `/api/books/${bookId}`)).toMatchObject({ commentTotal: 2, rating: 3 });
    expect(await json(carol, `/api/books/${bookId}`)).toMatchObject({ reviewed: false, reviewId: null });
    // Deleting again changes nothing.
    token = await carol.token('/api/review/create_token');
    expect((await carol.post('/api/review/del_review', { token, review_id: carolReview })).statusCode).toBe(200);
    expect((await rankingTile())?.rating).toBe(3);

    token = await carol.token('/api/review/create_token');
    expect((await carol.post('/api/review/del_review', { token, review_id: carolReview, undo_flg: 1 })).statusCode).toBe(200);
    expect(await json(guest, `/api/books/${bookId}`)).toMatchObject({ commentTotal: 3, rating: 3.3 });
    expect(await json(carol, `/api/books/${bookId}`)).toMatchObject({ reviewed: true, reviewId: carolReview });
    // The kept column agrees with a recount of the reviews.
    const summary = (await json(guest, `/api/title_reviews/${titleId}`)) as { reviewCount: number; average: number };
    expect(summary).toMatchObject({ reviewCount: 3, average: 3.3 });
  });
});

describe('the kept rating under concurrent writers', () => {
  it('counts every review when members review one title at the same time', async () => {
    const db = t.database.db;
    const { titleId: busy } = await createTitle(db, { name: '同時に評価' });
    const members = await Promise.all(Array.from({ length: 6 }, async () => memberClient(t.app, await signUp(t.app))));
    const tokens = await Promise.all(members.map((m) => m.token('/api/review_title/create_token')));
    const posted = await Promise.all(
      members.map((m, i) =>
        m.post('/api/review_title/add_review', {
          token: tokens[i]!,
          title_id: busy,
          star: (i % 5) + 1,
          title: '',
          comment: '本文',
          nickname: 'n',
          ameba: 0,
          spoiler: 0,
        }),
      ),
    );
    expect(posted.map((r) => r.statusCode)).toEqual(members.map(() => 200));
    const kept = await db
      .selectFrom('titles')
      .select(['review_count', 'review_star_total'])
      .where('id', '=', busy)
      .executeTakeFirstOrThrow();
    expect({ count: Number(kept.review_count), total: Number(kept.review_star_total) }).toEqual({ count: 6, total: 1 + 2 + 3 + 4 + 5 + 1 });
  });
});

describe('GET /author_reviews/{author_id}', () => {
  it('answers 400 naming author_id for a bad id, and 404 for an unknown author', async () => {
    expectField(await guest.get('/api/author_reviews/abc'), 'author_id');
    expectField(await guest.get('/api/author_reviews/-1'), 'author_id');
    expectField(await guest.get(`/api/author_reviews/${authorId}?limit=0`), 'limit');
    expectField(await guest.get(`/api/author_reviews/${authorId}?sort=worst`), 'sort');
    const unknown = await guest.get('/api/author_reviews/999999');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().errorCode).toBe('NOT_FOUND');
  });

  it('lists the reviews of every title credited to the author, newest first, with the title name; R18 only for a confirmed adult', async () => {
    const other = await addReview(alice, otherTitleId, 2);
    const r18 = await addReview(adult, adultTitleId, 5);
    const page = (await json(guest, `/api/author_reviews/${authorId}`)) as {
      authorId: number;
      authorName: string;
      totalCount: number;
      reviews: { id: number; titleId: number; titleName: string; me: boolean }[];
    };
    expect(page.authorId).toBe(authorId);
    expect(page.authorName).toBe('星野 作家');
    expect(page.totalCount).toBe(4);
    expect(page.reviews[0]).toMatchObject({ id: other, titleId: otherTitleId, titleName: '同じ作家の別作品', me: false });
    expect(page.reviews.map((r) => r.titleId)).not.toContain(adultTitleId);
    const mine = (await json(alice, `/api/author_reviews/${authorId}?offset=0&limit=2`)) as typeof page;
    expect(mine.totalCount).toBe(4);
    expect(mine.reviews).toHaveLength(2);
    expect(mine.reviews[0]).toMatchObject({ id: other, me: true });
    const next = (await json(alice, `/api/author_reviews/${authorId}?offset=2&limit=2`)) as typeof page;
    expect(next.reviews.map((r) => r.id)).not.toContain(other);
    expect(next.reviews).toHaveLength(2);
    const grown = (await json(adult, `/api/author_reviews/${authorId}`)) as typeof page;
    expect(grown.totalCount).toBe(5);
    expect(grown.reviews[0]).toMatchObject({ id: r18, titleId: adultTitleId, me: true });
  });
});

describe('GET /user_reviews/me/by_review', () => {
  it("answers 401 without a session, 400 naming the field, 404 unknown, 403 for another member's review", async () => {
    expect((await guest.get('/api/user_reviews/me/by_review?review_id=1')).statusCode).toBe(401);
    expectField(await alice.get('/api/user_reviews/me/by_review'), 'review_id');
    expectField(await alice.get('/api/user_reviews/me/by_review?review_id=x'), 'review_id');
    expectField(await alice.get('/api/user_reviews/me/by_review?title_id=1.5'), 'title_id');
    expect((await alice.get('/api/user_reviews/me/by_review?review_id=999999')).statusCode).toBe(404);
    expect((await alice.get('/api/user_reviews/me/by_review?title_id=999999')).statusCode).toBe(404);
    const bobs = (await json(bob, `/api/user_reviews/me/by_review?title_id=${titleId}`)) as { result: { id: number } };
    const refused = await alice.get(`/api/user_reviews/me/by_review?review_id=${bobs.result.id}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errorCode).toBe('FORBIDDEN');
  });

  it("answers the member's own review by id or by title, null for a title not reviewed", async () => {
    const byTitle = (await json(alice, `/api/user_reviews/me/by_review?title_id=${titleId}`)) as {
      result: { id: number; me: boolean; star: number };
    };
    expect(byTitle.result).toMatchObject({ me: true, star: 1 });
    const byId = await json(alice, `/api/user_reviews/me/by_review?review_id=${byTitle.result.id}`);
    expect(byId).toEqual(byTitle);
    expect(await json(carol, `/api/user_reviews/me/by_review?title_id=${otherTitleId}`)).toEqual({ result: null });
    // A deleted review is gone.
    const token = await alice.token('/api/review/create_token');
    expect((await alice.post('/api/review/del_review', { token, review_id: byTitle.result.id })).statusCode).toBe(200);
    expect((await alice.get(`/api/user_reviews/me/by_review?review_id=${byTitle.result.id}`)).statusCode).toBe(404);
    expect(await json(alice, `/api/user_reviews/me/by_review?title_id=${titleId}`)).toEqual({ result: null });
  });
});
