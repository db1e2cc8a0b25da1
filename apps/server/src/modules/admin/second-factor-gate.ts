import { SECOND_FACTOR_FRESH_MS } from '@hondana/domain/admin/admin-second-factor-api';
import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';
import { sessionSecret } from '../accounts/session-plugin';
import { digest } from '../tokens/secrets';
import { staffSessionFactor } from './second-factor.repository';

/**
 * What a console route asks of the second factor (its route `config.secondFactor`):
 * - 'exempt': nothing (who you are, where you stand, the enrolment and the check);
 * - 'fresh': given in this sign-in less than ten minutes ago (money: grants, cancellations,
 *   refunds, price changes);
 * - unset: given in this sign-in.
 */
type SecondFactorNeed = 'exempt' | 'fresh';

declare module 'fastify' {
  interface FastifyContextConfig {
    secondFactor?: SecondFactorNeed;
  }
}

export const secondFactorRequired = () => new AppError(403, ErrorCode.SECOND_FACTOR_REQUIRED);

/**
 * `SECOND_FACTOR_FRESH_MS`: how long a check covers the money actions, ten minutes unless told
 * shorter (1 s to 10 min: never longer than the rule). A journey shortens it to see the console
 * ask again without waiting ten minutes, as `SANDBOX_PAYMENT_TTL_MS` does for payments.
 */
function secondFactorFreshFromEnv(value = process.env.SECOND_FACTOR_FRESH_MS): number {
  if (value === undefined || value === '') return SECOND_FACTOR_FRESH_MS;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 1000 || ms > SECOND_FACTOR_FRESH_MS) {
    throw new Error(`SECOND_FACTOR_FRESH_MS must be a whole number of milliseconds from 1000 to ${SECOND_FACTOR_FRESH_MS}, not "${value}"`);
  }
  return ms;
}

const FRESH_MS = secondFactorFreshFromEnv();

/**
 * The console's `onRequest` hook (admin routes plugin): a staff member's call answers 403
 * SECOND_FACTOR_REQUIRED until the factor was given in the session, and a money call when that
 * was more than ten minutes ago. One read (the session with its member's role); guests, ended
 * sessions and members without a role pass on to the route, which answers them 401 or 403.
 */
export async function secondFactorGate(request: FastifyRequest): Promise<void> {
  const need = request.routeOptions.config.secondFactor;
  if (need === 'exempt') return;
  const secret = sessionSecret(request);
  if (!secret) return;
  const { database, clock } = request.server.deps;
  const now = clock().getTime();
  const row = await staffSessionFactor(database.db, digest(secret), now);
  if (!row) return;
  const checkedAt = row.second_factor_at === null ? null : Number(row.second_factor_at);
  if (checkedAt === null) throw secondFactorRequired();
  if (need === 'fresh' && now - checkedAt > FRESH_MS) throw secondFactorRequired();
}
