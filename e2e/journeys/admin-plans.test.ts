import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { expectNoSidewaysScroll } from '../support/layout';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * The console's subscription plans and non-login appeals through the pages: an operator at 1080 px
 * creates a card-only plan and a member at 375 px subscribes to it on the subscription page; the
 * operator ends it and the page no longer offers it. The operator then creates a non-login appeal
 * (ending before the demo's, so it is the one guests get) and a guest sees it on the top page.
 */
const OPERATOR = `plans-operator-${Date.now()}@example.jp`;
const PLAN = '春の定期コース';
const APPEAL = '春の新規登録キャンペーン';
const APPEAL_TEXT = '今なら無料会員登録で試し読みがもっと楽しく。';
const CARD = { ok: '4242 4242 4242 4242', expiry: '12/39', cvc: '123' };

let store: StoreServer;
let browser: Browser;
/** The member who subscribed, kept for after the plan ends. */
let memberPage: Page | null = null;

const tokyoMinute = (offsetMs: number) => new Date(Date.now() + offsetMs + 9 * 3600_000).toISOString().slice(0, 16);
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-plans-${name}.png`), fullPage: true });
const planCard = (page: Page) =>
  page.locator('[data-testid^="subscription-plan-"]').filter({ has: page.getByRole('heading', { name: PLAN }) });

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'plans');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await memberPage?.context().close();
  await browser?.close();
  await store?.stop();
});

describe('the console runs the store’s subscription plans and non-login appeal', () => {
  it('an operator creates a card-only subscription plan (1080 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '定期購入プラン', exact: true }).click();
    await page.getByRole('heading', { name: 'マンガコイン定期購入プラン', level: 1 }).waitFor();
    // The demo's plans are listed, made through the same service.
    await page
      .getByRole('row', { name: /スタンダードコース/ })
      .getByText('開始時から')
      .waitFor();

    const form = page.getByRole('form', { name: 'プランを作成する' });
    await form.getByLabel('プラン名').fill(PLAN);
    await form.getByLabel('毎月のマンガコイン数').fill('2000');
    await form.getByLabel('月額（税込・円）').fill('2000');
    await form.getByLabel('初回ボーナス（コイン）').fill('1000');
    await form.getByLabel('2回目ボーナス（コイン）').fill('300');
    await form.getByLabel('毎月ボーナス（コイン）').fill('200');
    await form.getByLabel('強調表示').selectOption({ label: '人気' });
    await form.getByLabel('ドコモ払い').uncheck();
    await form.getByLabel('ソフトバンクまとめて支払い').uncheck();
    await form.getByLabel('表示順（小さいほど上）').fill('0');
    await shot(page, 'plan-form-1080');
    await form.getByRole('button', { name: 'プランを作成する' }).click();
    await page.getByText('作成しました').waitFor();

    const row = page.getByRole('row', { name: new RegExp(PLAN) });
    await row.getByText('受付中').waitFor();
    await row.getByText('初回1000・2回目300・毎月200').waitFor();
    await row.getByText('クレジットカード', { exact: true }).waitFor();
    await row.getByText('利用中0人（累計0人）').waitFor();

    // The list by state: open now, not scheduled.
    const filter = page.getByLabel('状態で絞り込む');
    await filter.selectOption({ label: '受付前' });
    await row.waitFor({ state: 'detached' });
    await filter.selectOption({ label: '受付中' });
    await row.getByText('受付中').waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'plans-1080');
    await context.close();
  });

  it('a member at 375 px subscribes to it by card', async () => {
    const { page } = await newMemberPage(browser, store, { label: 'plans-member', nickname: '定期', width: 375, height: 812 });
    await page.goto(`${store.url}/mangacoin/subscription`);
    const card = planCard(page);
    await card.getByText('毎月ボーナス +200（10%）').waitFor();
    await card.getByRole('button', { name: '2,000円／月で申し込む' }).click();
    const dialog = page.getByRole('dialog', { name: '定期購入のお申し込み' });
    await dialog.getByLabel('カード番号').fill(CARD.ok);
    await dialog.getByLabel('有効期限（MM/YY）').fill(CARD.expiry);
    await dialog.getByLabel('セキュリティコード').fill(CARD.cvc);
    await dialog.getByText('今回のお届け：2,000マンガコイン＋ボーナス1,200マンガコイン').waitFor();
    await dialog.getByRole('button', { name: '2,000円を支払って申し込む' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: '定期購入を開始しました。2,000マンガコインとボーナス1,200マンガコインをお届けしました。' })
      .waitFor();
    await page.getByTestId('current-subscription').getByText('契約中', { exact: true }).waitFor();
    await planCard(page).getByRole('button', { name: 'ご契約中' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'member-subscribed-375');
    memberPage = page;
  });

  it('the operator ends the plan: its member is counted, it cannot be deleted, and new members are no longer offered it', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin/subscription-plans`);
    const row = page.getByRole('row', { name: new RegExp(PLAN) });
    await row.getByText('利用中1人（累計1人）').waitFor();
    // A plan with members offers no delete; ending it is the way.
    assert.equal(await row.getByRole('button', { name: `削除する ${PLAN}` }).count(), 0);
    const ended = page.waitForResponse((r) => r.url().endsWith('/end') && r.request().method() === 'POST');
    await row.getByRole('button', { name: `受付を終了する ${PLAN}` }).click();
    assert.equal((await ended).status(), 200);
    await page.getByText('受付を終了しました。申し込み済みの会員はこのプランで更新されます。').waitFor();
    await row.getByText('受付終了').waitFor();
    await context.close();

    const guest = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const guestPage = await guest.newPage();
    await guestPage.goto(`${store.url}/mangacoin/subscription`);
    await guestPage.getByRole('heading', { name: 'スタンダードコース' }).waitFor();
    assert.equal(await planCard(guestPage).count(), 0);
    await guest.close();

    // Its member still holds it (and renews on it), though the list no longer offers it.
    assert.ok(memberPage, 'the member subscribed');
    await memberPage.reload();
    const current = memberPage.getByTestId('current-subscription');
    await current.getByText(PLAN).waitFor();
    await current.getByText('契約中', { exact: true }).waitFor();
    await memberPage.getByRole('heading', { name: 'スタンダードコース' }).waitFor();
    assert.equal(await planCard(memberPage).count(), 0);
    await shot(memberPage, 'member-after-end-375');
  });

  it('an operator creates a non-login appeal (1080 px) and a guest sees it on the top page (375 px)', async () => {
    const { context, page } = await loggedInAs(browser, store, OPERATOR, 1080);
    await page.goto(`${store.url}/admin`);
    await page.getByRole('link', { name: '未ログイン向けアピール', exact: true }).click();
    await page.getByRole('heading', { name: '未ログイン向けアピール', level: 1 }).waitFor();
    // The demo's appeal, made through the same service.
    await page.getByRole('row', { name: /はじめての方へ/ }).waitFor();
    const form = page.getByRole('form', { name: 'アピールを作成する' });
    await form.getByLabel('アピール名').fill(APPEAL);
    await form.getByLabel('開始（日本時間）').fill(tokyoMinute(-3600_000));
    // It ends before the demo's appeal, so it is the one guests get (the one ending first).
    await form.getByLabel('終了（日本時間）').fill(tokyoMinute(7 * 86400_000));
    await form.getByLabel('アピール文').fill(APPEAL_TEXT);
    await form.getByLabel('画像のアドレス（/から始まるパスかhttps://）').fill('/favicon.svg');
    await form.getByRole('button', { name: 'アピールを作成する' }).click();
    await page.getByText('作成しました').waitFor();
    await page
      .getByRole('row', { name: new RegExp(APPEAL) })
      .getByText('表示中')
      .waitFor();
    await shot(page, 'appeals-1080');
    await context.close();

    // The appeal is in the HTML the server sends: a guest without scripts sees it.
    const plain = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP', javaScriptEnabled: false });
    const plainPage = await plain.newPage();
    await plainPage.goto(`${store.url}/`);
    const sent = plainPage.getByTestId('non-login-appeal');
    await sent.getByText(APPEAL_TEXT).waitFor();
    await sent.getByText(APPEAL, { exact: true }).waitFor();
    await sent.getByRole('link').waitFor();
    await shot(plainPage, 'guest-top-noscript-375');
    await plain.close();

    // With scripts the page keeps it (hydrated from the HTML: the browser does not ask for it again).
    const guest = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: 'ja-JP' });
    const guestPage = await guest.newPage();
    const asked: string[] = [];
    guestPage.on('request', (r) => void (r.url().includes('/api/non_login_appeal') && asked.push(r.url())));
    await guestPage.goto(`${store.url}/`);
    await guestPage.waitForLoadState('networkidle');
    assert.deepEqual(asked, []);
    const shown = guestPage.getByTestId('non-login-appeal');
    await shown.getByText(APPEAL_TEXT).waitFor();
    await shown.getByText(APPEAL, { exact: true }).waitFor();
    await shown.scrollIntoViewIfNeeded();
    await expectNoSidewaysScroll(guestPage);
    await shot(guestPage, 'guest-top-375');
    await guest.close();
  });
});
