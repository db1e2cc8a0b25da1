import { unauthorized } from '@hondana/domain/common/errors';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { digest } from '../tokens/secrets';
import { authAttempt, tooManyAttempts } from './auth-attempts';
import { requireUser, sessionSecret } from './session-plugin';

/** What the account settings' routes share, made once when they are registered. */
export function accountSettingsContext(app: FastifyInstance, authRateLimit: number) {
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  /** The member and this session's stored digest. */
  const member = async (request: FastifyRequest) => {
    const user = await requireUser(request);
    const secret = sessionSecret(request);
    if (!secret) throw unauthorized();
    return { userId: user.userId, sessionHash: digest(secret) };
  };
  const refuse = (reply: FastifyReply, retryAfterSeconds: number) => {
    reply.header('retry-after', String(retryAfterSeconds));
    return tooManyAttempts();
  };
  /** A password check of a signed-in member counts like a login on their account (guessing from a stolen session). */
  const passwordAttempt = async (request: FastifyRequest, reply: FastifyReply, userId: number) => {
    const attempt = await authAttempt(db, {
      kind: 'login',
      address: request.ip,
      email: `member:${userId}`,
      max: authRateLimit,
      now: now(),
    });
    if (!attempt.allowed) throw refuse(reply, attempt.retryAfterSeconds);
    return attempt;
  };
  return { db, now, member, refuse, passwordAttempt };
}

export type AccountSettingsContext = ReturnType<typeof accountSettingsContext>;
