import type { FastifyInstance } from 'fastify';
import { mailedLink } from './mail';

let sequence = 0;

export interface MemberInput {
  email: string;
  password: string;
  nickname: string;
  birth_date: string;
}

/** A member to sign up, unique per call; override any field (`createMember({ birth_date: … })`). */
export function createMember(overrides: Partial<MemberInput> = {}): MemberInput {
  sequence += 1;
  return {
    email: `reader${sequence}-${process.pid}@example.jp`,
    password: 'correct horse battery',
    nickname: `読者${sequence}`,
    birth_date: '1990-04-01',
    ...overrides,
  };
}

/**
 * Signs a member up and returns the `Cookie` header value of their session. The member opens the
 * confirmation link of their address as well (paid purchases need it), unless `confirmed: false`.
 */
export async function signUp(
  app: FastifyInstance,
  member: MemberInput = createMember(),
  options: { confirmed?: boolean } = {},
): Promise<string> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/signup', payload: member });
  if (response.statusCode !== 200) throw new Error(`signup failed: ${response.statusCode} ${response.body}`);
  if (options.confirmed !== false) await confirmSignupEmail(app, (response.json() as { userId: number }).userId);
  return sessionCookieOf(response.headers['set-cookie']);
}

/** Opens the confirmation link the signup mailed (read from the outbox, as the mail would carry it). */
export async function confirmSignupEmail(app: FastifyInstance, userId: number): Promise<void> {
  const { token } = await mailedLink(app.deps.database.db, { kind: 'EMAIL_CONFIRM', userId });
  const confirmed = await app.inject({ method: 'GET', url: `/api/user/email/confirm?token=${token}` });
  if (confirmed.statusCode !== 200) throw new Error(`email confirmation failed: ${confirmed.statusCode} ${confirmed.body}`);
}

export function sessionCookieOf(setCookie: string | string[] | undefined): string {
  const header = [setCookie ?? []].flat().find((c) => c.startsWith('hondana_session='));
  if (!header) throw new Error('no session cookie was set');
  return header.split(';')[0]!;
}
