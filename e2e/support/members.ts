import assert from 'node:assert/strict';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import type { StoreServer } from './server';
import { storeCommand } from './store-command';
import { linkIn, mailTo } from './mail';
import { enrolFromShell, passSecondFactor } from './second-factor';

/** The password of every member the journeys sign up. */
export const PASSWORD = 'correct horse battery';

/** Who a journey signs up: the e-mail, and the nickname and birth date (an adult's unless said). */
export interface NewMember {
  email: string;
  nickname: string;
  birthDate?: string;
}

let devices = Math.floor(Math.random() * 60_000);

/**
 * Headers giving a browser context a client address of its own, as a reverse proxy tells the
 * store (the journey store trusts loopback): logins and signups are limited per address (ten a
 * minute), and a member's phone, tablet and laptop each sign in from their own.
 */
export function deviceHeaders(): Record<string, string> {
  devices += 1;
  return { 'x-forwarded-for': `10.${(devices >> 16) & 255}.${(devices >> 8) & 255}.${devices & 255}` };
}

/**
 * Signs a member up through the API: the set-up of a journey, not what it checks (the accounts
 * journey goes through the forms). Given a browser context's or page's `request`, the session
 * cookie stays in that context, so its pages are the member's.
 */
export async function signUpThrough(
  request: APIRequestContext,
  store: StoreServer,
  member: NewMember & { confirmEmail?: boolean },
): Promise<void> {
  const response = await request.post(`${store.url}/api/auth/signup`, {
    data: { email: member.email, password: PASSWORD, nickname: member.nickname, birth_date: member.birthDate ?? '1990-04-01' },
  });
  assert.equal(response.status(), 200, await response.text());
  if (member.confirmEmail !== false) await confirmSignupMail(store, member.email);
}

/** Signs a member up with no browser (the journey logs in later, or another context does). */
export async function signUpMember(store: StoreServer, email: string, nickname: string): Promise<void> {
  const response = await fetch(`${store.url}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, nickname, birth_date: '1990-04-01' }),
  });
  assert.equal(response.status, 200, await response.text());
  await confirmSignupMail(store, email);
}

/**
 * Opens the link of the confirmation mail the signup sent (paid purchases wait for it), as the
 * member would from their mailbox: the store writes its mail to DATA_DIR/mail without SMTP.
 */
export async function confirmSignupMail(store: StoreServer, email: string): Promise<void> {
  const link = new URL(linkIn(await mailTo(store, email, 'メールアドレスの確認'), '/email/confirm'));
  const confirmed = await fetch(`${store.url}/api/user/email/confirm${link.search}`);
  assert.equal(confirmed.status, 200, await confirmed.text());
}

/**
 * Makes the member an operator with the store's own commands, as the README tells an owner to:
 * the role, then their authenticator (`npm run admin -- totp`), whose codes the journey's
 * sign-ins give (`second-factor.ts`).
 */
export async function makeOperator(store: StoreServer, email: string): Promise<void> {
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['role', '--email', email, '--role', 'operator']);
  assert.match(stdout, /is now operator/);
  await enrolFromShell(store, email);
}

/**
 * A browser at `width` px whose session is the member's (logged in through the API); a staff
 * member's session has given the second factor too (the console opens at once).
 */
export async function loggedInAs(
  browser: Browser,
  store: StoreServer,
  email: string,
  width: number,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, locale: 'ja-JP', extraHTTPHeaders: deviceHeaders() });
  const login = await context.request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } });
  assert.equal(login.status(), 200);
  await passSecondFactor(context.request, store, email);
  return { context, page: await context.newPage() };
}

/**
 * A fresh member signed up in a browser context of its own at `width` px (`height` 900 unless
 * said; relative URLs are the store's): the sign-up's session cookie stays in the context, so
 * `page` is the member's. `label` starts the member's e-mail.
 */
export async function newMemberPage(
  browser: Browser,
  store: StoreServer,
  member: { label: string; nickname: string; width: number; height?: number; birthDate?: string },
): Promise<{ context: BrowserContext; page: Page; email: string }> {
  const context = await browser.newContext({
    viewport: { width: member.width, height: member.height ?? 900 },
    locale: 'ja-JP',
    baseURL: store.url,
    extraHTTPHeaders: deviceHeaders(),
  });
  const page = await context.newPage();
  const email = `${member.label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@example.jp`;
  await signUpThrough(context.request, store, { email, nickname: member.nickname, birthDate: member.birthDate });
  return { context, page, email };
}

/** The signed-in member's id, as the store's status call answers it to `page`'s session. */
export async function memberId(page: Page, store: StoreServer): Promise<number> {
  const status = await page.request.get(`${store.url}/api/common/get_status`);
  assert.equal(status.status(), 200);
  return ((await status.json()) as { userId: number }).userId;
}
