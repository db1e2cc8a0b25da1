import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { loggedInAs, makeOperator, newMemberPage, signUpMember } from '../support/members';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

/**
 * Issue 39: an operator refunds a member's coin pack paid by card (sandbox provider) from the
 * console's member view — the button says the amount (返金して取り消す ¥…), the second factor
 * given at sign-in covers the money action, and the order then shows its refund and the coins
 * taken back in the ledger.
 */
const OPERATOR = `refund-operator-${Date.now()}@example.jp`;
const CARD = { number: '4242424242424242', expiry: '12/39', cvc: '123' };

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
  await signUpMember(store, OPERATOR, 'refund-op');
  await makeOperator(store, OPERATOR);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

type Pack = { id: number; coin: number; bonus: number; taxIncludedPrice: number; limit: number | null };

/** The member buys the 1,000-coin pack by card through the store's API (the card to the sandbox's fields, its id to the store). */
async function buyPackByCard(member: Page): Promise<Pack> {
  const items = (await (
    await member.request.get(`${store.url}/api/manga_coin/items/v3?payment_type=creditcard&display_scenes=shop`)
  ).json()) as { items: Pack[] };
  const pack = items.items.find((i) => i.coin === 1000 && i.limit === null);
  assert.ok(pack, 'a 1,000-coin pack for cards');
  const card = await member.request.post(`${store.url}/sandbox/cards`, { data: CARD });
  assert.equal(card.status(), 200, await card.text());
  const { cardId } = (await card.json()) as { cardId: string };
  const created = await member.request.get(`${store.url}/api/manga_coin/purchase/create_token`);
  const token = ((await created.json()) as { status: { token: string } }).status.token;
  const bought = await member.request.post(`${store.url}/api/manga_coin/purchase?token=${token}`, {
    data: { itemId: pack.id, paymentType: 'creditcard', cardId },
  });
  assert.equal(bought.status(), 200, await bought.text());
  assert.equal(((await bought.json()) as { status: string }).status, 'COMPLETE');
  return pack;
}

const yen = (n: number) => n.toLocaleString('ja-JP');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(screenshotDir, `admin-refund-${name}.png`), fullPage: true });

for (const width of [375, 1080]) {
  describe(`an operator refunds a coin pack paid by card at ${width} px`, () => {
    it('finds the member, sees 返金して取り消す with the amount, refunds, and sees the refund and the coins taken back', async () => {
      const {
        context: memberContext,
        page: member,
        email,
      } = await newMemberPage(browser, store, { label: `refund-${width}`, nickname: '返金', width });
      const pack = await buyPackByCard(member);

      const { context, page } = await loggedInAs(browser, store, OPERATOR, width);
      await page.goto(`${store.url}/admin/members`);
      const search = page.getByLabel('メールアドレスまたは会員ID');
      await search.fill(email);
      await search.press('Enter');
      await page.getByRole('link', { name: email }).click();
      await page.getByRole('heading', { name: new RegExp(email.replace(/[.+]/g, '\\$&')) }).waitFor();

      const refund = page.getByRole('button', { name: `返金して取り消す ¥${yen(pack.taxIncludedPrice)}` });
      await refund.waitFor();
      await shot(page, `before-${width}`);
      await page.getByLabel('取り消しの理由').first().fill('誤って購入したとの申し出');
      await refund.click();

      await page
        .getByRole('status')
        .getByText(`注文を取り消し、¥${yen(pack.taxIncludedPrice)} を返金しました`)
        .waitFor();
      await page.getByText(`返金済み ¥${yen(pack.taxIncludedPrice)}`).waitFor();
      assert.equal(await refund.count(), 0);
      // The ledger shows the coins taken back, in Japanese.
      await page
        .getByRole('cell', { name: /取り消しによる回収/ })
        .first()
        .waitFor();
      await shot(page, `after-${width}`);

      const balance = (await (await member.request.get(`${store.url}/api/manga_coin/balance`)).json()) as { balance: number };
      assert.equal(balance.balance, 0);
      await context.close();
      await memberContext.close();
    });
  });
}
