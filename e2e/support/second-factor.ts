import assert from 'node:assert/strict';
import { setTimeout as delay } from 'node:timers/promises';
import { generate } from 'otplib';
import type { APIRequestContext, Page } from 'playwright-core';
import type { StoreServer } from './server';
import { PASSWORD } from './members';
import { storeCommand } from './store-command';

/**
 * The staff's second factor in the journeys (issue 41): a staff member's authenticator is enrolled
 * with the store's own command (`npm run admin -- totp`, as the README tells an owner) or read from
 * the enrolment page, and each sign-in gives a code computed from it with otplib, as the phone's
 * authenticator would.
 */
interface Factor {
  secret: string;
  /** The time step of the last code given: the store refuses a step twice. */
  lastStep: number;
  /** Recovery codes not used yet (from the command), for sign-ins faster than the codes change. */
  recoveryCodes: string[];
}

const factors = new Map<string, Factor>();
const keyOf = (store: StoreServer, email: string) => `${store.url} ${email.toLowerCase()}`;
const PERIOD_MS = 30_000;

/** Enrols the staff member's authenticator with `npm run admin -- totp EMAIL` and keeps its secret and recovery codes. */
export async function enrolFromShell(store: StoreServer, email: string): Promise<string> {
  const { stdout } = await storeCommand(store.dataDir, 'admin.ts', ['totp', email]);
  const secret = /secret \(base32, shown this once\): ([A-Z2-7]+)/.exec(stdout)?.[1];
  const recoveryCodes = /recovery codes \(single use, shown this once\): (.+)/.exec(stdout)?.[1]?.split(' ') ?? [];
  assert.ok(secret, stdout);
  factors.set(keyOf(store, email), { secret, lastStep: 0, recoveryCodes });
  return secret;
}

/** Keeps a secret the journey read from the enrolment page, and the step of the code that confirmed it. */
export function rememberSecret(store: StoreServer, email: string, secret: string, usedStep: number): void {
  factors.set(keyOf(store, email), { secret, lastStep: usedStep, recoveryCodes: [] });
}

/** The authenticator's code of `secret` at time step `step` (30 s each). */
export const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });
export const currentStep = () => Math.floor(Date.now() / PERIOD_MS);

/**
 * A code the store takes now for the staff member: the authenticator's code of the first step not
 * given yet (the store takes the current step and the one after it); when both were given in the
 * last seconds, one of the command's recovery codes, and without those the next step is waited for.
 */
export async function nextCode(store: StoreServer, email: string, options: { recovery?: boolean } = {}): Promise<string> {
  const factor = factors.get(keyOf(store, email));
  assert.ok(factor, `no authenticator known for ${email}`);
  let step = Math.max(factor.lastStep + 1, currentStep());
  if (step > currentStep() + 1) {
    if (options.recovery !== false && factor.recoveryCodes.length > 0) return factor.recoveryCodes.shift()!;
    // The store's clock has to reach the step before it: the authenticator shows that code then.
    await delay((step - 1) * PERIOD_MS - Date.now() + 50);
    step = Math.max(factor.lastStep + 1, currentStep());
  }
  factor.lastStep = step;
  return codeAt(factor.secret, step);
}

/**
 * Gives the second factor for the session of `request` (a browser context's, signed in) when its
 * member is staff: their authenticator is enrolled from the shell the first time. A member without
 * a console role is left as is.
 */
export async function passSecondFactor(request: APIRequestContext, store: StoreServer, email: string): Promise<void> {
  const state = await request.get(`${store.url}/api/admin/second_factor`);
  if (state.status() === 401 || state.status() === 403) return;
  assert.equal(state.status(), 200, await state.text());
  const { enrolled, checked } = (await state.json()) as { enrolled: boolean; checked: boolean };
  if (checked) return;
  if (!factors.has(keyOf(store, email))) {
    assert.ok(!enrolled, `${email} enrolled an authenticator the journey does not know`);
    await enrolFromShell(store, email);
    // The command ends the member's sessions (as a role change does): sign in again.
    const login = await request.post(`${store.url}/api/auth/login`, { data: { email, password: PASSWORD } });
    assert.equal(login.status(), 200, await login.text());
  }
  const checkedNow = await request.post(`${store.url}/api/admin/second_factor`, { data: { code: await nextCode(store, email) } });
  assert.equal(checkedNow.status(), 200, await checkedNow.text());
}

/**
 * On the console's code page (after signing in through the pages), types the staff member's code;
 * the console page asked for opens. A member with no authenticator known here is not staff: nothing to do.
 */
export async function passSecondFactorPage(page: Page, store: StoreServer, email: string): Promise<void> {
  if (!factors.has(keyOf(store, email))) return;
  await page.waitForURL(/\/admin\/second-factor\?/);
  await page.getByLabel('認証コードまたはリカバリーコード').fill(await nextCode(store, email));
  await page.getByRole('button', { name: '確認する' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/admin/second-factor'));
}
