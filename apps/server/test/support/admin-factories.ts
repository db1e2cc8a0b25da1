import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../src/db/schema';
import { setRole } from '../../src/modules/admin/staff.repository';
import { member, tokenFor } from './wallet-factories';

/** A signed-up member given a console role (what `npm run admin -- role` does). */
export async function staffMember(app: FastifyInstance, db: Kysely<Database>, role: 'operator' | 'support') {
  const m = await member(app);
  await setRole(db, m.userId, role, 0);
  return { ...m, ...adminClient(app, m.cookie) };
}

/** Console calls for one session cookie; each change fetches a fresh one-time token unless given one. */
export function adminClient(app: FastifyInstance, cookie: string) {
  const send = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url: `/api/admin${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const token = () => tokenFor(app, cookie, '/api/admin/create_token');
  const change = async (method: 'POST' | 'PUT', url: string, payload: object) => send(method, url, { token: await token(), ...payload });
  return { send, token, change, get: (url: string) => send('GET', url) };
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
