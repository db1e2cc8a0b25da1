import { RecoveryCodes, SecondFactorChecked, SecondFactorCode, SecondFactorState, TotpEnrolment } from '@hondana/domain/admin/admin-second-factor-api';
import { unauthorized } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseCrossSite } from '../../http/same-site';
import { sessionSecret } from '../accounts/session-plugin';
import { digest } from '../tokens/secrets';
import { requireStaff } from './admin-guard';
import { findTotp, sessionCheckedAt } from './second-factor.repository';
import { checkSecondFactor, confirmTotpEnrolment, startTotpEnrolment } from './second-factor.service';

/** The calls the second-factor gate lets through: where the staff member stands, the enrolment and the check. */
const exempt = { secondFactor: 'exempt' as const };

/**
 * The staff's second factor (issue 41): `GET /admin/second_factor` (enrolled? checked in this
 * sign-in?), `POST /admin/second_factor/totp` (a new secret, shown once), `POST
 * /admin/second_factor/totp/confirm` (its first code: ten recovery codes, shown once) and the
 * check `POST /admin/second_factor` (`code`: the authenticator's code or a recovery code).
 */
export const secondFactorRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();
  const sessionHash = (request: FastifyRequest) => {
    const secret = sessionSecret(request);
    if (!secret) throw unauthorized();
    return digest(secret);
  };

  app.get('/admin/second_factor', { config: exempt, schema: { response: { 200: SecondFactorState } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    const [totp, checkedAt] = await Promise.all([findTotp(db, staff.userId), sessionCheckedAt(db, sessionHash(request))]);
    return { enrolled: totp?.confirmed_at != null, checked: checkedAt !== null, checkedAt };
  });

  app.post('/admin/second_factor/totp', { config: exempt, schema: { response: { 200: TotpEnrolment } } }, async (request) => {
    refuseCrossSite(request);
    const staff = await requireStaff(request, 'members');
    const email = (await db.selectFrom('users').select('email').where('id', '=', staff.userId).executeTakeFirstOrThrow()).email;
    return startTotpEnrolment(db, staff.userId, email, now());
  });

  app.post('/admin/second_factor/totp/confirm', { config: exempt, schema: { body: SecondFactorCode, response: { 200: RecoveryCodes } } }, async (request) => {
    refuseCrossSite(request);
    const staff = await requireStaff(request, 'members');
    return confirmTotpEnrolment(db, staff.userId, sessionHash(request), request.body.code, now());
  });

  app.post('/admin/second_factor', { config: exempt, schema: { body: SecondFactorCode, response: { 200: SecondFactorChecked } } }, async (request) => {
    refuseCrossSite(request);
    const staff = await requireStaff(request, 'members');
    return checkSecondFactor(db, staff.userId, sessionHash(request), request.body.code, now());
  });
};
