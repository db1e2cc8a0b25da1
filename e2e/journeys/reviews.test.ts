import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';
import { newMemberPage } from '../support/members';
import { expectNoSidewaysScroll } from '../support/layout';
import { consoleTitle, findTitle, publishBook } from '../support/fixtures';
import { importIntoStore, numberedPage, writeFixedEpub } from '../support/import-fixtures';

let store: StoreServer;
let browser: Browser;
/** The demo's first title (found by name): its reviews, its wish-list entry, its new volume. */
const TITLE = '夜明けの図書館';
let titleId = 0;
let titleName = '';
const REVIEW_NOTICES_NONE = 'レビューへの反応はまだありません。';
const HOSTILE = '<script>window.__xss=1</script><img src=x onerror="window.__xss=2">';

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  const title = await findTitle(store, TITLE);
  titleId = title.id;
  titleName = title.name;
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

/** A member in their own browser context, signed up through the API (the accounts journey covers the forms). */
const member = (nickname: string, width: number) =>
  newMemberPage(browser, store, { label: 'reviewer', nickname, width, birthDate: '1990-01-01' });

const seriesUrl = () => `/series_list/series_id=${titleId}`;
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, name), fullPage: false });

/** The title's tile on the first ranking page (of the daily, weekly or monthly ranking) that lists it. */
async function rankingTileOf(page: Page, name: string) {
  for (const term of ['daily', 'weekly', 'monthly']) {
    for (let n = 1; n <= 5; n += 1) {
      const response = await page.goto(`/ranking/${term}/${n}`);
      if (response?.status() !== 200) break;
      const tile = page.getByRole('article').filter({ has: page.getByRole('heading', { name }) });
      if ((await tile.count()) > 0) return tile.first();
    }
  }
  throw new Error(`${name} is on no ranking page`);
}

describe('reviews, likes, comments and notices', () => {
  let alice: { context: BrowserContext; page: Page };
  let bob: { context: BrowserContext; page: Page };

  before(async () => {
    [alice, bob] = await Promise.all([member('アリス', 375), member('ボブ', 1080)]);
  });
  after(async () => {
    await alice?.context.close();
    await bob?.context.close();
  });

  it('a member writes a review with a spoiler; markup in it stays text', async () => {
    const { page } = alice;
    await page.goto(seriesUrl());
    await page.getByRole('link', { name: 'レビューを書く' }).click();
    await page.waitForURL(/\/series_list\/review\/editor\//);
    await page.getByRole('heading', { name: 'レビューを書く' }).waitFor();
    await page.getByTitle('星4つ').click();
    await page.getByLabel('タイトル（任意）').fill('最高の一冊');
    await page.getByLabel('レビュー本文').fill(`犯人は執事。${HOSTILE}`);
    await page.getByLabel('ネタバレを含む').check();
    await shot(page, 'review-editor-375.png');
    await page.getByRole('button', { name: '投稿する' }).click();
    await page.waitForURL((url) => url.pathname === seriesUrl());

    const mine = page.getByRole('article', { name: '最高の一冊' });
    await mine.getByText('あなたのレビュー').waitFor();
    await mine.getByRole('link', { name: '編集' }).waitFor();
    await mine.getByText('このレビューにはネタバレが含まれています').waitFor();
    assert.equal(await mine.getByText('犯人は執事').count(), 0, 'the spoiler is hidden until tapped');
    await page.getByRole('heading', { name: 'レビュー' }).first().scrollIntoViewIfNeeded();
    await shot(page, 'reviews-spoiler-375.png');
    await mine.getByRole('button', { name: 'ネタバレを表示' }).click();
    await mine.getByText(`犯人は執事。${HOSTILE}`).waitFor();
    assert.equal(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss), undefined, 'no script ran');
    assert.equal(await mine.locator('img').count(), 0, 'no element was made from the body');
    // the series header shows the real rating now
    await page.getByText('1件のレビュー').waitFor();
  });

  it("the title's tile on the ranking page shows the 4-star review as 4.0", async () => {
    for (const { page, width } of [
      { page: alice.page, width: 375 },
      { page: bob.page, width: 1080 },
    ]) {
      const tile = await rankingTileOf(page, titleName);
      await tile.getByLabel('評価 4.0').waitFor();
      await tile.scrollIntoViewIfNeeded();
      await shot(page, `ranking-tile-rating-${width}.png`);
    }
    // The series page's own volume tiles carry the same rating.
    // A member's kept page may be up to PAGE_CACHE_SECONDS old (decision 029: a rating is not a
    // catalog change), so the page is opened again until the rating shows, for at most 8 s.
    const { page } = bob;
    const volume = page
      .getByRole('article')
      .filter({ has: page.getByRole('heading', { name: titleName }) })
      .first();
    for (let tries = 0; tries < 8; tries++) {
      await page.goto(seriesUrl());
      if (await volume.getByLabel('評価 4.0').isVisible()) break;
      await page.waitForTimeout(1000);
    }
    await volume.getByLabel('評価 4.0').waitFor();
    await volume.scrollIntoViewIfNeeded();
    await shot(page, 'series-tile-rating-1080.png');
  });

  it('another member likes it and comments', async () => {
    const { page } = bob;
    await page.goto(seriesUrl());
    // the list loads when the section nears the viewport
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const review = page.getByRole('article', { name: '最高の一冊' });
    await review.getByText('このレビューにはネタバレが含まれています').waitFor();
    await review.getByRole('button', { name: 'いいね 0' }).click();
    await review.getByRole('button', { name: 'いいね 1' }).waitFor();
    assert.equal(await review.getByRole('button', { name: 'いいね 1' }).getAttribute('aria-pressed'), 'true');
    await review.getByRole('button', { name: 'コメント 0' }).click();
    await review.getByLabel('コメントを書く').fill('わかります！<b>太字</b>');
    await review.getByRole('button', { name: 'コメントする' }).click();
    await review.getByText('わかります！<b>太字</b>').waitFor();
    await review.getByText('ボブさん', { exact: false }).waitFor();
    await review.scrollIntoViewIfNeeded();
    await shot(page, 'reviews-comment-1080.png');
  });

  it('the writer sees the unread badge and the notices', async () => {
    const { page } = alice;
    await page.goto('/');
    const badge = page.getByRole('link', { name: /未読のお知らせ 2件/ });
    await badge.waitFor();
    await shot(page, 'notice-badge-375.png');
    await badge.click();
    await page.waitForURL('**/mypage/notices');
    await page.getByText(`ボブさんが「${titleName}」のあなたのレビューにいいねしました`).waitFor();
    await page.getByText(`ボブさんが「${titleName}」のあなたのレビューにコメントしました`).waitFor();
    await shot(page, 'notices-reviews-375.png');
  });

  it('a member edits their own comment in place; キャンセル keeps it; others get no 編集 (issue 40 item 2)', async () => {
    const { page } = bob;
    const openComments = async (reads: string) => {
      await page.goto(seriesUrl());
      await page.locator('#reviews').scrollIntoViewIfNeeded();
      const review = page.getByRole('article', { name: '最高の一冊' });
      await review.getByRole('button', { name: 'コメント 1' }).click();
      await review.getByText(reads).waitFor();
      return review;
    };
    let review = await openComments('わかります！<b>太字</b>');
    await review.getByRole('button', { name: '編集' }).click();
    const field = review.getByLabel('コメントを編集');
    assert.equal(await field.inputValue(), 'わかります！<b>太字</b>', 'the textarea starts from the comment as it reads');
    await field.fill('読み返して、ますますわかりました');
    await review.getByRole('button', { name: '保存する' }).click();
    await review.getByText('コメントを保存しました').waitFor();
    await review.getByText('読み返して、ますますわかりました').waitFor();
    await field.waitFor({ state: 'detached' });
    await review.scrollIntoViewIfNeeded();
    await shot(page, 'reviews-comment-edited-1080.png');

    // On a phone: キャンセル leaves it as it was; saved again, it reads as first written.
    await page.setViewportSize({ width: 375, height: 900 });
    try {
      review = await openComments('読み返して、ますますわかりました');
      await review.getByRole('button', { name: '編集' }).click();
      await review.getByLabel('コメントを編集').fill('消えるはずの文');
      await review.getByLabel('コメントを編集').scrollIntoViewIfNeeded();
      await shot(page, 'reviews-comment-editing-375.png');
      await expectNoSidewaysScroll(page);
      await review.getByRole('button', { name: 'キャンセル' }).click();
      await review.getByText('読み返して、ますますわかりました').waitFor();
      assert.equal(await review.getByText('消えるはずの文').count(), 0);
      await review.getByRole('button', { name: '編集' }).click();
      await review.getByLabel('コメントを編集').fill('わかります！<b>太字</b>');
      await review.getByRole('button', { name: '保存する' }).click();
      await review.getByText('わかります！<b>太字</b>').waitFor();
      await review.getByText('コメントを保存しました').waitFor();
      await shot(page, 'reviews-comment-saved-375.png');
    } finally {
      await page.setViewportSize({ width: 1080, height: 900 });
    }

    // The writer of the review sees Bob's comment with 通報, and no 編集.
    await alice.page.goto(seriesUrl());
    await alice.page.locator('#reviews').scrollIntoViewIfNeeded();
    const hers = alice.page.getByRole('article', { name: '最高の一冊' });
    await hers.getByRole('button', { name: 'コメント 1' }).click();
    await hers.getByText('わかります！<b>太字</b>').waitFor();
    assert.equal(await hers.getByRole('button', { name: '編集' }).count(), 0, 'only the commenter edits a comment');
  });

  it("deleting one's comment offers 元に戻す; a deleted comment and a withdrawn like leave the writer's notices (issue 34 item 12)", async () => {
    const { page } = bob;
    await page.goto(seriesUrl());
    await page.locator('#reviews').scrollIntoViewIfNeeded();
    const review = page.getByRole('article', { name: '最高の一冊' });
    await review.getByRole('button', { name: 'コメント 1' }).click();
    const comment = review.getByText('わかります！<b>太字</b>');
    await comment.waitFor();
    await review.getByRole('button', { name: '削除' }).click();
    const deleted = review.getByTestId('comment-deleted');
    await deleted.getByText('コメントを削除しました').waitFor();
    await comment.waitFor({ state: 'detached' });
    await deleted.scrollIntoViewIfNeeded();
    await shot(page, 'reviews-comment-deleted-1080.png');
    // 元に戻す brings it back; deleted again, it stays deleted.
    await deleted.getByRole('button', { name: '元に戻す' }).click();
    await comment.waitFor();
    await deleted.waitFor({ state: 'detached' });
    await review.getByRole('button', { name: '削除' }).click();
    await comment.waitFor({ state: 'detached' });
    await review.getByRole('button', { name: 'いいね 1' }).click();
    await review.getByRole('button', { name: 'いいね 0' }).waitFor();

    await alice.page.goto('/mypage/notices');
    // Bob's like and comment were the only reactions: the list now says there are none.
    await alice.page.getByText(REVIEW_NOTICES_NONE).waitFor();
    assert.equal(
      await alice.page.getByText(`ボブさんが「${titleName}」のあなたのレビューにコメントしました`).count(),
      0,
      'the deleted comment is not a notice',
    );
    assert.equal(
      await alice.page.getByText(`ボブさんが「${titleName}」のあなたのレビューにいいねしました`).count(),
      0,
      'the withdrawn like is not a notice',
    );
    await shot(alice.page, 'notices-after-withdrawal-375.png');
  });

  it('a 2,000-character review shows folded, with 続きを読む (issue 34 item 16)', async () => {
    const { page } = bob;
    const body = `${'長いレビューの本文です。'.repeat(166)}おわり`.slice(0, 2000);
    await page.goto(seriesUrl());
    await page.getByRole('link', { name: 'レビューを書く' }).click();
    await page.getByRole('heading', { name: 'レビューを書く' }).waitFor();
    await page.getByTitle('星5つ').click();
    await page.getByLabel('タイトル（任意）').fill('長文の感想');
    await page.getByLabel('レビュー本文').fill(body);
    await page.getByRole('button', { name: '投稿する' }).click();
    await page.waitForURL((url) => url.pathname === seriesUrl());

    const other = alice.page;
    await other.goto(seriesUrl());
    await other.locator('#reviews').scrollIntoViewIfNeeded();
    const long = other.getByRole('article', { name: '長文の感想' });
    const text = long.getByTestId('review-body');
    await text.waitFor();
    const shown = (await text.innerText()).length;
    assert.ok(shown < 400, `the review is folded (${shown} characters shown)`);
    const more = long.getByRole('button', { name: '続きを読む' });
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    await long.scrollIntoViewIfNeeded();
    await shot(other, 'reviews-folded-375.png');
    await expectNoSidewaysScroll(other);
    await more.click();
    await long.getByRole('button', { name: '閉じる' }).waitFor();
    assert.equal((await text.innerText()).length, body.length, 'unfolded, the whole review shows');
  });

  it('puts the title on my list and finds it on the my-list page', async () => {
    const { page } = alice;
    await page.goto(seriesUrl());
    await page.getByRole('button', { name: 'マイリストに追加' }).click();
    await page.getByRole('button', { name: 'マイリスト登録済み' }).waitFor();
    await page.goto('/mypage');
    await page.getByRole('link', { name: 'マイリスト' }).click();
    await page.waitForURL('**/mypage/wish_list');
    await page.getByRole('link', { name: titleName }).waitFor();
    await shot(page, 'wish-list-375.png');
  });
});

describe('new-release notices', () => {
  it('following a title, then a new volume being released, shows an unread newly message', async () => {
    const { context, page } = await member('カーラ', 1080);
    await page.goto(seriesUrl());
    await page.getByRole('link', { name: '新刊通知設定' }).click();
    await page.waitForURL(`**/series_list/line_notice/${titleId}`);
    await page.getByLabel('この作品の新刊を通知する').check();
    await page.getByText('設定を保存しました').waitFor();
    await page.getByLabel('LINEで受け取る').check();
    await page.getByText('設定を保存しました').waitFor();
    await shot(page, 'line-notice-1080.png');

    // The operator imports the next volume (waiting unlisted), then publishes it in the console: its release.
    const vol = Math.max(...(await consoleTitle(store, titleId)).books.map((b) => b.vol));
    const work = mkdtempSync(path.join(tmpdir(), 'hondana-reviews-e2e-'));
    try {
      const file = await writeFixedEpub(path.join(work, 'next.epub'), {
        identifier: `urn:uuid:e2e-reviews-next-${Date.now()}`,
        title: `${titleName} ${vol + 1}`,
        direction: 'rtl',
        author: '作者テスト',
        pages: [{ image: await numberedPage(1, 600, 850, '#7a5a2e') }, { image: await numberedPage(2, 600, 850, '#7a5a2e') }],
      });
      const [imported] = await importIntoStore(store, file, ['--title-id', String(titleId), '--price', '550']);
      assert.ok(imported && !imported.listed, 'the new volume waits unlisted');
      assert.equal((await consoleTitle(store, titleId)).books.find((b) => b.id === imported.bookId)?.vol, vol + 1);

      await page.goto('/');
      await page.getByRole('link', { name: 'マイページ' }).waitFor();
      assert.equal(await page.getByRole('link', { name: /未読のお知らせ/ }).count(), 0, 'nothing before the release');
      await publishBook(store, { id: imported.bookId, titleId }, true);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    await page.goto('/');
    await page.getByRole('link', { name: '未読のお知らせ 1件' }).click();
    await page.waitForURL('**/mypage/notices');
    const message = page.getByRole('listitem').filter({ hasText: `「${titleName}」${vol + 1}巻が配信されました` });
    await message.getByText('未読').waitFor();
    await shot(page, 'notices-newly-1080.png');
    await page.goto('/');
    await page.getByRole('link', { name: 'マイページ' }).waitFor();
    assert.equal(await page.getByRole('link', { name: /未読のお知らせ/ }).count(), 0, 'the message was displayed');
    await context.close();
  });
});
