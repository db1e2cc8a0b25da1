import { COMMENT_BODY_MAX_LENGTH } from '@hondana/domain/reviews/reviews';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, buildTestApp } from './support/build-test-app';
import { insertBook, insertTitle } from './support/catalog-factories';
import { signUp } from './support/members';
import { memberClient } from './support/review-helpers';

const NOW = Date.UTC(2026, 10, 22, 3);
let t: TestApp;
let titleId = 0;
let alice: ReturnType<typeof memberClient>;
let bob: ReturnType<typeof memberClient>;
let guest: ReturnType<typeof memberClient>;

beforeAll(async () => {
  t = await buildTestApp({ clock: () => new Date(NOW) });
  titleId = await insertTitle(t.database.db);
  await insertBook(t.database.db, titleId, 1);
  alice = memberClient(t.app, await signUp(t.app));
  bob = memberClient(t.app, await signUp(t.app));
  guest = memberClient(t.app);
});
afterAll(async () => {
  await t?.close();
});

const review = (overrides: Record<string, string | number> = {}) => ({
  title_id: titleId,
  star: 4,
  title: '良い',
  comment: '面白かった',
  nickname: 'アリス',
  ameba: 0,
  spoiler: 1,
  ...overrides,
});

async function addReview(client: ReturnType<typeof memberClient>, overrides: Record<string, string | number> = {}) {
  const token = await client.token('/api/review_title/create_token');
  return client.post('/api/review_title/add_review', { token, ...review(overrides) });
}

const expectField = (response: { statusCode: number; json(): { errorCode: string; messages: string[] } }, field: string) => {
  expect(response.statusCode).toBe(400);
  expect(response.json().errorCode).toBe('BAD_REQUEST');
  expect(response.json().messages.join(' ')).toContain(`${field}:`);
};

describe('reviews', () => {
  let reviewId = 0;

  it('answers 401 to every member call without a session', async () => {
    for (const path of [
      '/api/review_title/create_token',
      '/api/review/create_token',
      '/api/review/add_like/create_token',
      '/api/reviews/notice?offset=0&limit=10',
      '/api/user/review_list?offset=0&limit=10',
      '/api/user/comment_list?offset=0&limit=10',
    ]) {
      expect((await guest.get(path)).statusCode, path).toBe(401);
    }
    for (const path of [
      '/api/review_title/add_review',
      '/api/review/mod_review',
      '/api/review/del_review',
      '/api/review/add_comment',
      '/api/review/mod_comment',
      '/api/review/del_comment',
      '/api/review/add_like',
      '/api/review/delete_like',
      '/api/review/add_review_warning',
      '/api/review/add_review_comment_warning',
    ]) {
      expect((await guest.post(path, { token: 'x' })).statusCode, path).toBe(401);
    }
  });

  it('names each missing required field of a review add (§5)', async () => {
    const token = await alice.token('/api/review_title/create_token');
    for (const field of ['token', 'title_id', 'star', 'comment', 'nickname', 'ameba', 'spoiler']) {
      const form: Record<string, string | number> = { token, ...review() };
      delete form[field];
      expectField(await alice.post('/api/review_title/add_review', form), field);
    }
    expectField(await alice.post('/api/review_title/add_review', { token, ...review({ star: 6 }) }), 'star');
    expectField(await alice.post('/api/review_title/add_review', { token, ...review({ comment: '   ' }) }), 'comment');
    expectField(await alice.post('/api/review_title/add_review', { token, ...review({ comment: 'あ'.repeat(2001) }) }), 'comment');
  });

  it('writes one review per member per title, and a replayed token returns the first review', async () => {
    const token = await alice.token('/api/review_title/create_token');
    const first = await alice.post('/api/review_title/add_review', { token, ...review() });
    expect(first.statusCode).toBe(200);
    const body = first.json().result;
    reviewId = body.id;
    expect(body).toMatchObject({ titleId, star: 4, body: '面白かった', spoilerFlg: true, me: true, likeCount: 0, titleReviewFlg: true });
    const replay = await alice.post('/api/review_title/add_review', { token, ...review() });
    expect(replay.json().result.id).toBe(reviewId);
    const reused = await alice.post('/api/review_title/add_review', { token, ...review({ star: 1 }) });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().errorCode).toBe('TOKEN_REUSED_WITH_DIFFERENT_REQUEST');
    const second = await addReview(alice);
    expect(second.statusCode).toBe(409);
    expect(second.json().errorCode).toBe('ALREADY_EXISTS');
  });

  it('refuses 403 when another member modifies or deletes the review', async () => {
    const token = await bob.token('/api/review/create_token');
    const mod = await bob.post('/api/review/mod_review', { token, review_id: reviewId, ...review({ comment: '乗っ取り' }) });
    expect(mod.statusCode).toBe(403);
    expect(mod.json().errorCode).toBe('FORBIDDEN');
    const del = await bob.post('/api/review/del_review', { token: await bob.token('/api/review/create_token'), review_id: reviewId });
    expect(del.statusCode).toBe(403);
  });

  it('names the missing fields of modify (§5) and modifies the own review', async () => {
    const token = await alice.token('/api/review/create_token');
    for (const field of ['review_id', 'title_id', 'star', 'comment', 'nickname', 'spoiler']) {
      const form: Record<string, string | number> = { token, review_id: reviewId, ...review() };
      delete form[field];
      expectField(await alice.post('/api/review/mod_review', form), field);
    }
    const mod = await alice.post('/api/review/mod_review', {
      token,
      review_id: reviewId,
      ...review({ star: 5, comment: '<script>alert(1)</script>' }),
    });
    expect(mod.statusCode).toBe(200);
    expect(mod.json().result).toMatchObject({ star: 5, body: '<script>alert(1)</script>' });
  });

  it('counts one like per member, notifies the writer and undoes a like', async () => {
    const like = async (path: string) => bob.post(path, { token: await bob.token(`${path}/create_token`), review_id: reviewId });
    expect((await like('/api/review/add_like')).json()).toMatchObject({ like: true, likeCount: 1 });
    expect((await like('/api/review/add_like')).json()).toMatchObject({ likeCount: 1 });
    const list = await bob.get(`/api/title_reviews/list?title_id=${titleId}`);
    expect(list.json().reviews[0]).toMatchObject({ id: reviewId, likeMe: true, likeCount: 1, me: false });
    expect((await like('/api/review/delete_like')).json()).toMatchObject({ like: false, likeCount: 0 });
    expect((await like('/api/review/add_like')).json()).toMatchObject({ likeCount: 1 });
    expectField(await bob.post('/api/review/add_like', { token: await bob.token('/api/review/add_like/create_token') }), 'review_id');
  });

  it('adds, modifies and deletes comments; others get 403; comment rejection is honoured', async () => {
    const token = await bob.token('/api/review/create_token');
    expectField(await bob.post('/api/review/add_comment', { token, review_id: reviewId }), 'body');
    expectField(await bob.post('/api/review/add_comment', { token, body: 'x' }), 'review_id');
    const added = await bob.post('/api/review/add_comment', { token, review_id: reviewId, body: '同感です' });
    expect(added.statusCode).toBe(200);
    const commentId = added.json().result.commentId;
    const comments = await alice.get(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=10`);
    expect(comments.json()).toMatchObject({ totalCount: 1, comments: [{ commentId, body: '同感です', me: false }] });
    expectField(await alice.get(`/api/reviews/comments?review_id=${reviewId}`), 'offset');

    const foreign = await alice.post('/api/review/mod_comment', {
      token: await alice.token('/api/review/create_token'),
      comment_id: commentId,
      body: '改竄',
    });
    expect(foreign.statusCode).toBe(403);
    const foreignDel = await alice.post('/api/review/del_comment', {
      token: await alice.token('/api/review/create_token'),
      comment_id: commentId,
    });
    expect(foreignDel.statusCode).toBe(403);
    expectField(
      await bob.post('/api/review/mod_comment', { token: await bob.token('/api/review/create_token'), comment_id: commentId }),
      'body',
    );
    // Issue 40 item 2: an edit longer than a comment may be is refused on its field, and changes nothing.
    expectField(
      await bob.post('/api/review/mod_comment', {
        token: await bob.token('/api/review/create_token'),
        comment_id: commentId,
        body: 'あ'.repeat(COMMENT_BODY_MAX_LENGTH + 1),
      }),
      'body',
    );
    expect((await alice.get(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=10`)).json().comments[0].body).toBe('同感です');
    expect(foreign.json().errorCode).toBeTruthy();
    const mod = await bob.post('/api/review/mod_comment', {
      token: await bob.token('/api/review/create_token'),
      comment_id: commentId,
      body: '本当に同感',
    });
    expect(mod.json().result.body).toBe('本当に同感');
    expect((await alice.get(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=10`)).json().comments[0]).toMatchObject({
      body: '本当に同感',
      me: false,
    });
    const full = await bob.post('/api/review/mod_comment', {
      token: await bob.token('/api/review/create_token'),
      comment_id: commentId,
      body: 'い'.repeat(COMMENT_BODY_MAX_LENGTH),
    });
    expect(full.json().result.body).toHaveLength(COMMENT_BODY_MAX_LENGTH);
    const del = await bob.post('/api/review/del_comment', { token: await bob.token('/api/review/create_token'), comment_id: commentId });
    expect(del.json()).toMatchObject({ deleted: true });
    expect((await alice.get(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=10`)).json().totalCount).toBe(0);
    const undo = await bob.post('/api/review/del_comment', {
      token: await bob.token('/api/review/create_token'),
      comment_id: commentId,
      undo_flg: 1,
    });
    expect(undo.json()).toMatchObject({ deleted: false });
    expect((await bob.get('/api/user/comment_list?offset=0&limit=10')).json().totalCount).toBe(1);

    const other = await insertTitle(t.database.db);
    const rejecting = (await addReview(alice, { title_id: other, comment_reject: 1 })).json().result.id;
    const refused = await bob.post('/api/review/add_comment', {
      token: await bob.token('/api/review/create_token'),
      review_id: rejecting,
      body: 'x',
    });
    expect(refused.statusCode).toBe(403);
  });

  it('lists likes and comments on my reviews as notices with read flags', async () => {
    const first = await alice.get('/api/reviews/notice?offset=0&limit=10');
    expect(first.statusCode).toBe(200);
    const types = first.json().notices.map((n: { type: string; readFlg: boolean }) => [n.type, n.readFlg]);
    expect(types).toContainEqual(['LIKE', false]);
    expect(types).toContainEqual(['COMMENT', false]);
    expect(first.json().notices[0].actorName).toBeTruthy();
    const again = await alice.get('/api/reviews/notice?offset=0&limit=10');
    expect(again.json().notices.every((n: { readFlg: boolean }) => n.readFlg)).toBe(true);
    expect(again.json().unreadCount).toBe(0);
    expectField(await alice.get('/api/reviews/notice'), 'offset');
  });

  it("drops a deleted comment and a withdrawn like from the writer's notices (issue 34 item 12); an undone delete brings the comment back", async () => {
    const notices = async () => {
      const body = (await alice.get('/api/reviews/notice?offset=0&limit=50')).json() as {
        totalCount: number;
        unreadCount: number;
        notices: { type: string; commentId: number | null }[];
      };
      return body;
    };
    const before = await notices();
    const comment = await bob.post('/api/review/add_comment', {
      token: await bob.token('/api/review/create_token'),
      review_id: reviewId,
      body: '消す予定',
    });
    const commentId = comment.json().result.commentId as number;
    const added = await notices();
    expect(added.notices.some((n) => n.commentId === commentId)).toBe(true);
    expect(added.totalCount).toBe(before.totalCount + 1);

    await bob.post('/api/review/del_comment', { token: await bob.token('/api/review/create_token'), comment_id: commentId });
    const afterDelete = await notices();
    expect(afterDelete.notices.some((n) => n.commentId === commentId)).toBe(false);
    expect(afterDelete.totalCount).toBe(before.totalCount);
    await bob.post('/api/review/del_comment', { token: await bob.token('/api/review/create_token'), comment_id: commentId, undo_flg: 1 });
    expect((await notices()).notices.some((n) => n.commentId === commentId)).toBe(true);

    const likes = (list: Awaited<ReturnType<typeof notices>>) => list.notices.filter((n) => n.type === 'LIKE').length;
    const liked = likes(await notices());
    expect(liked).toBeGreaterThan(0); // bob's like of the earlier test
    const unlike = await bob.post('/api/review/delete_like', {
      token: await bob.token('/api/review/delete_like/create_token'),
      review_id: reviewId,
    });
    expect(unlike.json()).toMatchObject({ like: false });
    expect(likes(await notices())).toBe(liked - 1);
    await bob.post('/api/review/add_like', { token: await bob.token('/api/review/add_like/create_token'), review_id: reviewId });
    expect(likes(await notices())).toBe(liked);
  });

  it('takes reports with the §8 reasons only', async () => {
    const token = await bob.token('/api/review/warning/create_token');
    expectField(await bob.post('/api/review/add_review_warning', { token, review_id: reviewId }), 'warning_code');
    expectField(await bob.post('/api/review/add_review_warning', { token, review_id: reviewId, warning_code: 'BORING' }), 'warning_code');
    const ok = await bob.post('/api/review/add_review_warning', { token, review_id: reviewId, warning_code: 'SLANDER' });
    expect(ok.statusCode).toBe(200);
    const comment = (await alice.get(`/api/reviews/comments?review_id=${reviewId}&offset=0&limit=1`)).json().comments[0];
    const token2 = await alice.token('/api/review/warning/create_token');
    expectField(await alice.post('/api/review/add_review_comment_warning', { token: token2, warning_code: 'PERSONAL_INFO' }), 'comment_id');
    const report = await alice.post('/api/review/add_review_comment_warning', {
      token: token2,
      comment_id: comment.commentId,
      warning_code: 'PERSONAL_INFO',
    });
    expect(report.statusCode).toBe(200);
    expect(await t.database.db.selectFrom('review_reports').select('warning_code').execute()).toHaveLength(2);
  });

  it('summarises ratings and puts my review first; popular and new sorts', async () => {
    for (const [i, star] of [2, 5, 5].entries()) {
      const client = memberClient(t.app, await signUp(t.app));
      const response = await addReview(client, { star, nickname: `評者${i}` });
      expect(response.statusCode).toBe(200);
    }
    const summary = (await guest.get(`/api/title_reviews/${titleId}`)).json();
    expect(summary).toEqual({ titleId, reviewCount: 4, average: 4.3, counts: [0, 1, 0, 0, 3] });
    const mine = (await alice.get(`/api/title_reviews/list?title_id=${titleId}&sort=new`)).json();
    expect(mine.myReviews.map((r: { id: number }) => r.id)).toEqual([reviewId]);
    expect(mine.reviews).toHaveLength(3);
    const popular = (await guest.get(`/api/title_reviews/list?title_id=${titleId}&sort=popular`)).json();
    expect(popular.myReviews).toEqual([]);
    expect(popular.reviews[0].id).toBe(reviewId);
    expect(popular.totalCount).toBe(4);
    const page = (await guest.get(`/api/title_reviews/list?title_id=${titleId}&limit=2&offset=2`)).json();
    expect(page.reviews).toHaveLength(2);
  });

  it("answers reviews by book, and the member's own (the viewer's `reviewed`)", async () => {
    const book = await t.database.db.selectFrom('books').select('id').where('title_id', '=', titleId).executeTakeFirstOrThrow();
    expect((await guest.get(`/api/reviews/by_book?book_id=${book.id}`)).json().totalCount).toBe(4);
    expect((await guest.get(`/api/reviews/me/by_book?book_id=${book.id}&offset=0&limit=1`)).statusCode).toBe(401);
    const mine = (await alice.get(`/api/reviews/me/by_book?book_id=${book.id}&offset=0&limit=1`)).json();
    expect(mine).toMatchObject({ totalCount: 1, reviews: [{ id: reviewId, me: true }] });
    expect((await bob.get(`/api/reviews/me/by_book?book_id=${book.id}&offset=0&limit=1`)).json().totalCount).toBe(0);
    expectField(await alice.get('/api/reviews/me/by_book?offset=0&limit=1'), 'book_id');
    expect((await alice.get('/api/reviews/by_book?book_id=999999')).statusCode).toBe(404);
  });

  it('keeps the reviews of an R18 title from anyone who has not confirmed their age (§6)', async () => {
    const r18 = await insertTitle(t.database.db, { erotic_type: 4 });
    const adult = memberClient(t.app, await signUp(t.app));
    expect((await adult.get('/api/adult/check')).statusCode).toBe(200);
    const written = await addReview(adult, { title_id: r18 });
    expect(written.statusCode).toBe(200);
    const r18Review = written.json().result.id;
    expect((await adult.get(`/api/title_reviews/${r18}`)).json().reviewCount).toBe(1);
    expect((await guest.get(`/api/title_reviews/${r18}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/title_reviews/list?title_id=${r18}`)).statusCode).toBe(404);
    expect((await bob.get(`/api/review/review_detail?review_id=${r18Review}`)).statusCode).toBe(404);
    expect((await addReview(bob, { title_id: r18 })).statusCode).toBe(404);
    const like = await bob.post('/api/review/add_like', {
      token: await bob.token('/api/review/add_like/create_token'),
      review_id: r18Review,
    });
    expect(like.statusCode).toBe(404);
  });

  it('deletes the own review and restores it with undo_flg', async () => {
    const del = await alice.post('/api/review/del_review', { token: await alice.token('/api/review/create_token'), review_id: reviewId });
    expect(del.json()).toMatchObject({ deleted: true });
    expect((await guest.get(`/api/title_reviews/${titleId}`)).json().reviewCount).toBe(3);
    expect((await guest.get(`/api/review/review_detail?review_id=${reviewId}`)).statusCode).toBe(404);
    expectField(await alice.post('/api/review/del_review', { token: await alice.token('/api/review/create_token') }), 'review_id');
    const undo = await alice.post('/api/review/del_review', {
      token: await alice.token('/api/review/create_token'),
      review_id: reviewId,
      undo_flg: 1,
    });
    expect(undo.json()).toMatchObject({ deleted: false });
    expect((await guest.get(`/api/title_reviews/${titleId}`)).json().reviewCount).toBe(4);
    expect((await alice.get('/api/user/review_list?offset=0&limit=10')).json().totalCount).toBe(2);
  });
});
