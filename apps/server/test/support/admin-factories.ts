import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { generate } from 'otplib';
import type { Database } from '../../src/db/schema';
import { setRole } from '../../src/modules/admin/staff.repository';
import { createMember, sessionCookieOf, signUp } from './members';
import { tokenFor } from './wallet-factories';

/**
 * A signed-up member given a console role (what `npm run admin -- role` does, which ends their
 * sessions), signed in again, who enrolled a TOTP authenticator in this session, so its console
 * calls pass the second factor (issue 41). `cookie` is the session's id after the enrolment
 * (the enrolment, as every check, gives the session a new one).
 */
export async function staffMember(app: FastifyInstance, db: Kysely<Database>, role: 'operator' | 'support') {
  const input = createMember();
  await signUp(app, input);
  const userId = (await db.selectFrom('users').select('id').where('email', '=', input.email.toLowerCase()).executeTakeFirstOrThrow()).id;
  await setRole(db, userId, role, 0);
  const factor = await enrolSecondFactor(app, await signIn(app, input));
  return { userId, input, ...factor, ...adminClient(app, factor.cookie) };
}

/** A new session of the member through `POST /api/auth/login`: its `Cookie` header value. */
export async function signIn(app: FastifyInstance, input: { email: string; password: string }): Promise<string> {
  const r = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: input.email, password: input.password } });
  if (r.statusCode !== 200) throw new Error(`login refused: ${r.body}`);
  return sessionCookieOf(r.headers['set-cookie']);
}

/** The authenticator's code of `secret` at the app's clock, `steps` time steps (30 s) from now. */
export const totpCode = (app: FastifyInstance, secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(app.deps.clock().getTime() / 1000) + steps * 30 });

/**
 * Enrols a TOTP authenticator for the staff member of `cookie` through the console's calls: its
 * secret, recovery codes, and the session's new cookie (the old one is ended by the enrolment).
 */
export async function enrolSecondFactor(
  app: FastifyInstance,
  cookie: string,
): Promise<{ secret: string; recoveryCodes: string[]; cookie: string }> {
  const started = await app.inject({ method: 'POST', url: '/api/admin/second_factor/totp', headers: { cookie }, payload: {} });
  if (started.statusCode !== 200) throw new Error(`enrolment refused: ${started.body}`);
  const { secret } = started.json<{ secret: string }>();
  const confirmed = await app.inject({
    method: 'POST',
    url: '/api/admin/second_factor/totp/confirm',
    headers: { cookie },
    payload: { code: await totpCode(app, secret) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`enrolment not confirmed: ${confirmed.body}`);
  return {
    secret,
    recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes,
    cookie: sessionCookieOf(confirmed.headers['set-cookie']),
  };
}

/** Console calls for one session cookie; each change fetches a fresh one-time token unless given one. */
export function adminClient(app: FastifyInstance, cookie: string) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/admin${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const token = () => tokenFor(app, cookie, '/api/admin/create_token');
  const change = async (method: 'POST' | 'PUT', url: string, payload: object) => send(method, url, { token: await token(), ...payload });
  return { send, token, change, get: (url: string) => send('GET', url) };
}

/**
 * Two operators end the same row at once: one creates it (`POST collection`), each takes its own
 * token, and both send `POST collection/{id}/end` at the version they read (0) together.
 */
export async function endTwiceAtOnce<Row extends { id: number }>(
  app: FastifyInstance,
  db: Kysely<Database>,
  collection: string,
  body: object,
) {
  const [a, b] = await Promise.all([staffMember(app, db, 'operator'), staffMember(app, db, 'operator')]);
  const row = (await a.change('POST', collection, body)).json<Row>();
  const [ta, tb] = await Promise.all([a.token(), b.token()]);
  const results = await Promise.all([
    a.send('POST', `${collection}/${row.id}/end`, { token: ta, version: 0 }),
    b.send('POST', `${collection}/${row.id}/end`, { token: tb, version: 0 }),
  ]);
  return { row, results };
}

export const titleInput = (overrides: object = {}) => ({
  name: '星降る図書館',
  kana: 'ホシフルトショカン',
  description: '図書館の物語',
  pageType: 'male',
  eroticType: 0,
  publisher: '本棚出版',
  magazine: '月刊ほんだな',
  authors: [{ name: '星野 灯', kana: 'ホシノ アカリ', role: 'author' }],
  ...overrides,
});
