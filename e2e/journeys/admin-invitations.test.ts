import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { expectNoSidewaysScroll } from '../support/layout';
import { confirmSignupMail, loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, grantMangaCoins, launchBrowser, screenshotDir, startStore } from '../support/server';
import { storeCommand } from '../support/store-command';

/**
 * The console's friend invitation campaigns through the pages: an operator at 1080 px cannot start
 * a campaign beside the demo's running one (the form names 開始), ends the demo's campaign and
 * creates a new one with steps (1人目 700, 2人目 900, 3人目 1,200 manga coins), a 200 yen
 * ticket and a top image uploaded in the form (as the appeal's image is). At 375 px a member opens their invite page (the new campaign, a code of it) and copies
 * the link; a friend signs up through it, takes the 200 yen ticket and buys a volume (their first
 * purchase); the inviter's wallet and invite page show the first step's 700 coins.
 *
 * The volume bought is the first priced one of the demo's 星降る街の探偵, looked up by name.
 */
const OPERATOR = `invitation-operator-${Date.now()}@example.jp`;
const SUPPORT = `invitation-support-${Date.now()}@example.jp`;
const DEMO_CAMPAIGN = '本棚 友達招待キャンペーン';
const NAME = '冬の友達招待キャンペーン';
const TITLE_NAME = '星降る街の探偵';

let store: StoreServer;
let browser: Browser;
let titleId = 0;
let bookId = 0;
let created = false;
let work = '';

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `admin-invitations-${name}.png`), fullPage: true });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  work = mkdtempSync(path.join(tmpdir(), 'hondana-invitations-e2e-'));
  await Promise.all([signUpMember(store, OPERATOR, 'invitations'), signUpMember(store, SUPPORT, 'サポート')]);
  await makeOperator(store, OPERATOR);
  await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', SUPPORT, '--role', 'support']);
  // The title by its name, then its first volume with a price.
  const found = (await (await fetch(`${store.url}/api/lottery/search/title?word=${encodeURIComponent(TITLE_NAME)}`)).json()) as {
    titles: { id: number; name: string }[];
  };
  titleId = found.titles.find((t) => t.name === TITLE_NAME)?.id ?? 0;
  assert.ok(titleId > 0, `the demo has ${TITLE_NAME}`);
  const books = (await (await fetch(`${store.url}/api/books/by_title?title_id=${titleId}`)).json()) as {
    books: { bookId: number; price: number }[];
  };
  bookId = books.books.find((b) => b.price > 0)?.bookId ?? 0;
  assert.ok(bookId > 0, `${TITLE_NAME} has a priced volume`);
});
after(async () => {
  await browser?.close();
  await store?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A square PNG of the campaign's art, written into the work folder. */
async function imageFile(name: string, size: number): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="100%" height="100%" fill="#2b7bd9"/><circle cx="${size / 2}" cy="${size / 2}" r="${size / 3}" fill="#fff3d6"/></svg>`;
  const file = path.join(work, name);
  writeFileSync(file, await sharp(Buffer.from(svg)).png().toBuffer());
  return file;
}

describe('the console runs the store’s friend invitation campaigns', () => {
  it('an operator ends the demo campaign and creates a new one with steps (1080 px); one beside a running campaign is refused', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '友達招待', exact: true }).click();
    await page.getByRole('heading', { name: '友達招待キャンペーン', level: 1 }).waitFor();
    const demo = page.getByRole('row', { name: new RegExp(DEMO_CAMPAIGN) });
    await demo.getByText('開催中').waitFor();

    const form = page.getByRole('form', { name: '友達招待キャンペーンを作成する' });
    await form.getByLabel('キャンペーン名（招待ページの見出し）').fill(NAME);
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(0));
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(30 * 86400_000));
    await form.getByLabel('特典の対象になる人数の上限').fill('3');
    await form.getByLabel('人数ごとにコイン数を変える（段階）').check();
    await form.getByLabel('1人目のコイン', { exact: true }).fill('700');
    await form.getByLabel('2人目のコイン', { exact: true }).fill('900');
    await form.getByLabel('3人目のコイン', { exact: true }).fill('1200');
    await form.getByLabel('割引額（円）').fill('200');
    await form.getByLabel('最低購入金額（円）').fill('500');
    await form.getByLabel('チケットの有効日数').fill('14');
    // An image for the top of the invitation page, uploaded from the form.
    await form.getByRole('button', { name: '画像を追加する' }).click();
    const image = form.getByRole('group', { name: '画像 1' });
    assert.equal(await image.getByLabel('画像1の表示場所').inputValue(), 'top');
    await image.getByLabel('画像1の代替テキスト').fill('冬の友達招待');
    await image.getByLabel(/^画像1をアップロード/).setInputFiles(await imageFile('invite-top.png', 240));
    await image.getByText('画像をアップロードしました（240×240）').waitFor();
    assert.match(await image.getByLabel(/^画像1のアドレス/).inputValue(), /^\/|^https:\/\//);

    // The demo's campaign still runs: the store shows one at a time, so the new one is refused, naming 開始.
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/admin/invitation_campaigns') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '友達招待キャンペーンを作成する' }).click();
    assert.equal((await refused).status(), 400);
    await page.getByText('「開始」を確認してください').waitFor();
    await shot(page, 'refused-1080');

    // The operator ends the demo's campaign, then creates the new one.
    const ended = page.waitForResponse((r) => /\/api\/admin\/invitation_campaigns\/\d+\/end$/.test(r.url()));
    await demo.getByRole('button', { name: `終了する ${DEMO_CAMPAIGN}` }).click();
    assert.equal((await ended).status(), 200);
    await page.getByText('終了しました').waitFor();
    await demo.getByRole('cell', { name: '終了', exact: true }).waitFor();
    const made = page.waitForResponse((r) => r.url().endsWith('/api/admin/invitation_campaigns') && r.request().method() === 'POST');
    await form.getByRole('button', { name: '友達招待キャンペーンを作成する' }).click();
    assert.equal((await made).status(), 200);
    await page.getByText('作成しました').waitFor();

    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('開催中').waitFor();
    await row.getByText('1人目 700コイン（90日）').waitFor();
    await row.getByText('3人目 1,200コイン（90日）').waitFor();
    await row.getByText('最大 2,800コイン').waitFor();
    await row.getByText('200円引き（500円以上・14日）').waitFor();
    await row.getByRole('img', { name: '冬の友達招待' }).waitFor();
    const saved = (await (await page.request.get(`${store.url}/api/admin/invitation_campaigns?state=running`)).json()) as {
      campaigns: { name: string; images: { location: string; imageUrl: string; alt: string }[] }[];
    };
    assert.deepEqual(
      saved.campaigns.find((c) => c.name === NAME)?.images.map((i) => [i.location, i.alt]),
      [['top', '冬の友達招待']],
    );
    await expectNoSidewaysScroll(page);
    await shot(page, 'console-1080');

    // The list by state: the new one runs, the demo's has ended.
    const filter = page.getByLabel('状態で絞り込む');
    await filter.selectOption({ label: '開催中' });
    await demo.waitFor({ state: 'detached' });
    await row.getByText('開催中').waitFor();
    created = true;
    await context.close();
  });

  it('support reads the campaigns and changes nothing (1080 px)', async () => {
    assert.ok(created, 'the campaign was created');
    const { context, page } = await loggedInAs(browser, store, SUPPORT, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '友達招待', exact: true }).click();
    await page.getByRole('heading', { name: '友達招待キャンペーン', level: 1 }).waitFor();
    const row = page.getByRole('row', { name: new RegExp(NAME) });
    await row.getByText('開催中').waitFor();
    await page.getByText('サポート担当は閲覧のみできます。').waitFor();
    assert.equal(await page.getByRole('form', { name: '友達招待キャンペーンを作成する' }).count(), 0);
    assert.equal(await row.getByRole('button').count(), 0);
    await shot(page, 'support-1080');
    await context.close();
  });

  it('at 375 px a member copies their invitation link, a friend signs up through it and makes a first purchase, and the inviter is paid the first step', async () => {
    assert.ok(created, 'the campaign was created');
    const inviter = await newMemberPage(browser, store, { label: 'inviter', nickname: '招待する人', width: 375, height: 812 });
    await inviter.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: store.url });
    const a = inviter.page;

    // The invite page shows the new campaign (three steps: up to 2,800 coins) and the member's code in it.
    await a.goto(`${store.url}/invitation/inviter?ref=invitation`);
    await a.getByRole('heading', { name: '友達を招待してマンガコインをもらおう' }).waitFor();
    await a.getByText(NAME).waitFor();
    await a.getByText('最大 2,800マンガコインGET！').waitFor();
    const code = ((await a.getByTestId('invitation-code').textContent()) ?? '').trim();
    assert.match(code, /^[A-Z0-9]{8,16}$/);
    assert.equal(await a.getByTestId('achieved-count').textContent(), '0人 / 3人');
    await expectNoSidewaysScroll(a);
    await shot(a, 'inviter-375');

    // The share sheet's コピー puts the link on the clipboard.
    await a.getByRole('button', { name: '友達を招待する' }).click();
    const sheet = a.getByRole('dialog', { name: '友達を招待する' });
    await sheet.getByRole('button', { name: 'コピー', exact: true }).click();
    await a.getByRole('status').filter({ hasText: 'クリップボードにコピーされました' }).waitFor();
    const copied = await a.evaluate(() => navigator.clipboard.readText());
    const link = /https?:\/\/\S+\/i\/[A-Za-z0-9_-]+/.exec(copied)?.[0];
    assert.ok(link, copied);
    await a.keyboard.press('Escape');

    // A friend, in a browser of their own, opens the link and signs up through it: the new campaign's 200 yen ticket.
    const friend = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const b = await friend.newPage();
    await b.goto(link);
    await b.waitForURL(new RegExp(`/invitation\\?code=${code}&utm_source=web`));
    await b.getByRole('heading', { name: '200円分のチケットをプレゼント' }).waitFor();
    await b.getByText(NAME).waitFor();
    await shot(b, 'appeal-375');
    await b.getByRole('link', { name: '無料会員登録してチケットを受け取る' }).click();
    await b.waitForURL(`${store.url}/signup?code=${code}`);
    const friendEmail = `invited-${Date.now()}@example.jp`;
    await b.getByLabel('メールアドレス').fill(friendEmail);
    await b.getByLabel('パスワード').fill('e2e-password-123');
    await b.getByLabel('ニックネーム').fill('友達');
    await b.getByLabel('生年月日').fill('1995-05-05');
    await b.getByRole('button', { name: '登録する' }).click();
    await b.waitForURL(`${store.url}/invitation?code=${code}&signed_up=1`);
    await b.getByRole('status').filter({ hasText: '200円分のチケットを受け取りました' }).waitFor();
    await shot(b, 'received-375');

    // The friend confirms their mail (paying waits for it) and buys a volume: their first purchase.
    await confirmSignupMail(store, friendEmail);
    await grantMangaCoins(store, friendEmail, 5000);
    await b.goto(`${store.url}/series_list/series_id=${titleId}?book_id=${bookId}`);
    await b.getByRole('button', { name: '購入する' }).click();
    const dialog = b.getByRole('dialog', { name: '購入する' });
    await dialog.getByRole('button', { name: '次へ' }).click();
    await dialog.getByRole('button', { name: /^購入する [\d,]+マンガコイン$/ }).click();
    await b
      .getByRole('status')
      .filter({ hasText: /マンガコインを.+使用しました/ })
      .waitFor();
    await friend.close();

    // The inviter is paid the new campaign's first step: 700 manga coins, in the wallet and on the invite page.
    await a.goto(`${store.url}/wallet/manga_coin`);
    await a.getByText(`友達招待「${NAME}」達成特典`).waitFor();
    const balance = (await (await a.request.get(`${store.url}/api/manga_coin/balance`)).json()) as { balance: number };
    assert.equal(balance.balance, 700);
    await expectNoSidewaysScroll(a);
    await shot(a, 'wallet-375');
    await a.goto(`${store.url}/invitation/inviter?ref=invitation`);
    await a.getByTestId('achieved-count').filter({ hasText: '1人 / 3人' }).waitFor();
    assert.equal(await a.getByTestId('achieved-coin').textContent(), '700マンガコイン');
    await shot(a, 'inviter-paid-375');
    await inviter.context.close();
  });
});
