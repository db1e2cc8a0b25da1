import assert from 'node:assert/strict';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Locator, Page } from 'playwright-core';
import { type StoreServer, launchBrowser, screenshotDir, startStore } from '../support/server';

let store: StoreServer;
let browser: Browser;

before(async () => {
  [store, browser] = await Promise.all([startStore(), launchBrowser()]);
});
after(async () => {
  await browser?.close();
  await store?.stop();
});

async function newPage(width = 1080): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP' });
  return context.newPage();
}

/**
 * What Chromium's accessibility tree (over CDP, as a screen reader gets it) says of a field: its
 * accessible description (from aria-describedby) and whether it is invalid.
 */
async function accessibility(field: Locator): Promise<{ description: string; invalid: boolean }> {
  const page = field.page();
  const cdp = await page.context().newCDPSession(page);
  try {
    await field.evaluate((el) => el.setAttribute('data-ax-probe', ''));
    const { result } = await cdp.send('Runtime.evaluate', { expression: "document.querySelector('[data-ax-probe]')" });
    const { nodes } = await cdp.send('Accessibility.getPartialAXTree', { objectId: result.objectId!, fetchRelatives: false });
    await field.evaluate((el) => el.removeAttribute('data-ax-probe'));
    const node = nodes[0]!;
    const invalid = node.properties?.find((p) => p.name === 'invalid')?.value.value;
    return { description: String(node.description?.value ?? ''), invalid: invalid !== undefined && invalid !== 'false' };
  } finally {
    await cdp.detach();
  }
}

const isFocused = (field: Locator) => field.evaluate((el) => el === document.activeElement);

const member = {
  email: `e2e-${Date.now()}@example.jp`,
  password: 'e2e-password-123',
  nickname: '本の虫',
  birthDate: '1995-06-15',
};

describe('a guest on the top page', () => {
  it('gets the demo titles in the server-rendered HTML, before any script runs', async () => {
    const html = await (await fetch(`${store.url}/`)).text();
    assert.match(html, /<html lang="ja"/);
    assert.match(html, /<title>[^<]*本棚[^<]*<\/title>/);
    assert.match(html, /property="og:title"/);
    const tiles = html.match(/巻の表紙/g) ?? [];
    assert.ok(tiles.length >= 24, `expected at least 24 book tiles, found ${tiles.length}`);
  });

  for (const width of [375, 1080]) {
    it(`sees book tiles with covers, titles and coin prices at ${width} px`, async () => {
      const page = await newPage(width);
      await page.goto(store.url);
      await page.getByRole('heading', { name: '新着' }).waitFor();
      const covers = page.getByRole('img', { name: /巻の表紙/ });
      assert.ok((await covers.count()) >= 24);
      const firstCover = covers.first();
      await firstCover.evaluate((img: HTMLImageElement) => img.decode());
      assert.ok(await firstCover.evaluate((img: HTMLImageElement) => img.naturalWidth > 0), 'the cover image loads');
      const tileWidth = await firstCover.evaluate((img) => img.getBoundingClientRect().width);
      assert.equal(Math.round(tileWidth), width >= 1080 ? 128 : 106);
      await page.screenshot({ path: path.join(screenshotDir, `top-${width}.png`), fullPage: false });
      await page.context().close();
    });
  }
});

describe('a new member', () => {
  it('is sent from my page to login, signs up from there and comes back to my page', async () => {
    const page = await newPage(375);
    await page.goto(`${store.url}/mypage`);
    assert.equal(new URL(page.url()).pathname, '/login');
    assert.equal(new URL(page.url()).searchParams.get('callback'), '/mypage');

    await page.getByRole('link', { name: '新規会員登録はこちら' }).click();
    await page.waitForURL(/\/signup\?callback_url=%2Fmypage/);
    await page.getByLabel('メールアドレス').fill(member.email);
    await page.getByLabel('パスワード').fill(member.password);
    await page.getByLabel('ニックネーム').fill(member.nickname);
    await page.getByLabel('生年月日').fill(member.birthDate);
    await page.screenshot({ path: path.join(screenshotDir, 'signup-375.png') });
    await page.getByRole('button', { name: '登録する' }).click();

    await page.waitForURL(`${store.url}/mypage`);
    await page.getByText(member.email).waitFor();
    await page.getByText(member.nickname).first().waitFor();
    await page.screenshot({ path: path.join(screenshotDir, 'mypage-375.png') });

    await page.getByRole('button', { name: 'ログアウト' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.getByRole('link', { name: 'ログイン' }).first().waitFor();
    await page.context().close();
  });

  it('is told the email is taken when signing up twice', async () => {
    const page = await newPage();
    await page.goto(`${store.url}/signup`);
    await page.getByLabel('メールアドレス').fill(member.email);
    await page.getByLabel('パスワード').fill(member.password);
    await page.getByLabel('ニックネーム').fill('二人目');
    await page.getByLabel('生年月日').fill('2000-01-01');
    await page.getByRole('button', { name: '登録する' }).click();
    await page.getByText('このメールアドレスは登録済みです').waitFor();
    await page.context().close();
  });
});

describe('a signup with mistakes', () => {
  for (const width of [375, 1080]) {
    it(`ties each error to its field, announces the summary and puts the focus on the first (${width} px)`, async () => {
      const page = await newPage(width);
      await page.goto(`${store.url}/signup`);
      await page.getByLabel('メールアドレス').fill('not-an-email');
      await page.getByLabel('パスワード').fill('short');
      await page.getByLabel('ニックネーム').fill('間違い');
      await page.getByLabel('生年月日').fill('2000-01-01');
      await page.getByRole('button', { name: '登録する' }).click();

      // The form's summary is an alert: read out as it appears.
      await page.getByRole('alert').filter({ hasText: 'メールアドレスを正しく入力してください' }).waitFor();
      const email = page.getByRole('textbox', { name: 'メールアドレス' });
      assert.deepEqual(await accessibility(email), { description: '正しいメールアドレスを入力してください', invalid: true });
      // The password (no textbox role): its error says its hint already, so the hint is not read twice.
      assert.deepEqual(await accessibility(page.getByLabel('パスワード')), {
        description: 'パスワードは8文字以上で入力してください',
        invalid: true,
      });
      // A right field is neither invalid nor described by another's error.
      assert.deepEqual(await accessibility(page.getByRole('textbox', { name: 'ニックネーム' })), { description: '', invalid: false });
      assert.equal(await isFocused(email), true);
      await page.screenshot({ path: path.join(screenshotDir, `signup-errors-${width}.png`), fullPage: true });

      // Corrected, only the password is wrong: it is the field that now takes the focus.
      await email.fill(`e2e-errors-${width}-${Date.now()}@example.jp`);
      await page.getByLabel('パスワード').fill('short');
      await page.getByRole('button', { name: '登録する' }).click();
      await page.getByRole('alert').filter({ hasText: 'パスワードを正しく入力してください' }).waitFor();
      assert.deepEqual(await accessibility(email), { description: '', invalid: false });
      assert.equal(await isFocused(page.getByLabel('パスワード')), true);
      await page.context().close();
    });
  }
});

describe('a returning member', () => {
  it('logs in and returns to the callback page', async () => {
    const page = await newPage();
    await page.goto(`${store.url}/login?callback=${encodeURIComponent('/mypage')}`);
    await page.getByLabel('メールアドレス').fill(member.email);
    await page.getByLabel('パスワード').fill(member.password);
    await page.screenshot({ path: path.join(screenshotDir, 'login-1080.png') });
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL(`${store.url}/mypage`);
    await page.getByText(member.email).waitFor();
    await page.context().close();
  });

  it('lands on the top page when the callback points at another site', async () => {
    const page = await newPage();
    await page.goto(`${store.url}/login?callback=${encodeURIComponent('https://evil.example/steal')}`);
    await page.getByLabel('メールアドレス').fill(member.email);
    await page.getByLabel('パスワード').fill(member.password);
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.waitForURL(`${store.url}/`);
    await page.getByRole('button', { name: 'ログアウト' }).waitFor();
    await page.context().close();
  });

  it('sees one message for a wrong password, with the email kept', async () => {
    const page = await newPage(375);
    await page.goto(`${store.url}/login`);
    await page.getByLabel('メールアドレス').fill(member.email);
    await page.getByLabel('パスワード').fill('not-the-password');
    await page.getByRole('button', { name: 'ログインする' }).click();
    await page.getByText('メールアドレスまたはパスワードが正しくありません').waitFor();
    assert.equal(await page.getByLabel('メールアドレス').inputValue(), member.email);
    await page.screenshot({ path: path.join(screenshotDir, 'login-error-375.png') });
    await page.context().close();
  });
});

describe('the guest page cache', () => {
  it("serves a guest's page to the next guest, and never a guest's page to a member", async () => {
    await fetch(`${store.url}/free`);
    assert.equal((await fetch(`${store.url}/free`)).headers.get('x-page-cache'), 'hit');
    const signup = await fetch(`${store.url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...member, email: `cache-${member.email}`, birth_date: member.birthDate }),
    });
    const cookie = signup.headers.getSetCookie()[0]!.split(';')[0]!;
    // A member's page is their own (kept per member answers, decision 029), never the guest's
    // kept page: it has the member's header.
    const asMember = await fetch(`${store.url}/free`, { headers: { cookie } });
    assert.match(await asMember.text(), /ログアウト/);
  });
});

describe('the API beside the pages', () => {
  it('answers an unknown /api path with JSON 404, and an unknown page with the 404 page', async () => {
    const api = await fetch(`${store.url}/api/nothing/here`);
    assert.equal(api.status, 404);
    assert.deepEqual(await api.json(), { errorCode: 'NOT_FOUND' });
    const page = await fetch(`${store.url}/no-such-page`);
    assert.equal(page.status, 404);
    assert.match(await page.text(), /お探しのページは見つかりませんでした/);
  });
});
