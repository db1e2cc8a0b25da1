import {
  PasskeyOptions,
  PasskeyRegistered,
  PasskeyResponse,
  RecoveryCodes,
  SecondFactorChecked,
  SecondFactorCode,
  SecondFactorState,
  TotpEnrolment,
} from '@hondana/domain/admin/admin-second-factor-api';
import { unauthorized } from '@hondana/domain/common/errors';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { refuseCrossSite } from '../../http/same-site';
import { sessionSecret, setSessionCookie } from '../accounts/session-plugin';
import { digest } from '../tokens/secrets';
import { requireStaff } from './admin-guard';
import { checkOptions, checkPasskey, registerPasskey, registrationOptions, relyingParty } from './passkeys.service';
import { secondFactorRequired } from './second-factor-gate';
import { countPasskeys, findTotp, sessionCheckedAt, staffEmail } from './second-factor.repository';
import { type Checked, checkSecondFactor, confirmTotpEnrolment, startTotpEnrolment } from './second-factor.service';

/** The calls the second-factor gate lets through: where the staff member stands, the enrolment and the check. */
const exempt = { secondFactor: 'exempt' as const };

/** The hash of this request's session secret (a console call without a session is a 401). */
function sessionHash(request: FastifyRequest): string {
  const secret = sessionSecret(request);
  if (!secret) throw unauthorized();
  return digest(secret);
}
/** The answer of a check, with the session's new id in its cookie. */
function checked<T>(reply: FastifyReply, result: Checked<T>): T {
  setSessionCookie(reply, result.session);
  return result.answer;
}
/** The store's origin for WebAuthn: PUBLIC_URL when set, else where the request came. */
const rp = (request: FastifyRequest) => relyingParty(request.server.deps.config.mail?.publicUrl ?? `${request.protocol}://${request.host}`);
/** The staff member of this request (support or operator), their e-mail address and session. */
async function caller(request: FastifyRequest) {
  const staff = await requireStaff(request, 'members');
  const email = await staffEmail(request.server.deps.database.db, staff.userId);
  return { userId: staff.userId, email, sessionHash: sessionHash(request) };
}

/**
 * The staff's second factor (issue 41): `GET /admin/second_factor` (enrolled? checked in this
 * sign-in?), `POST /admin/second_factor/totp` (a new secret, shown once), `POST
 * /admin/second_factor/totp/confirm` (its first code: ten recovery codes, shown once) and the
 * check `POST /admin/second_factor` (`code`: the authenticator's code or a recovery code); passkeys
 * (WebAuthn) through their ceremonies: `POST /admin/second_factor/passkey/registration_options`
 * and `…/registration` (enrol one), `POST /admin/second_factor/passkey/options` and
 * `POST /admin/second_factor/passkey` (the check). A check, and an enrolment (which counts as
 * one), gives the session a new id: the answer sets the new cookie, the old one is ended.
 */
/** Where the staff member stands, the authenticator's enrolment and its check (or a recovery code's). */
export const secondFactorTotpRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  app.get('/admin/second_factor', { config: exempt, schema: { response: { 200: SecondFactorState } } }, async (request) => {
    const staff = await requireStaff(request, 'members');
    const [totp, passkeys, checkedAt] = await Promise.all([
      findTotp(db, staff.userId),
      countPasskeys(db, staff.userId),
      sessionCheckedAt(db, sessionHash(request)),
    ]);
    const hasTotp = totp?.confirmed_at != null;
    return { enrolled: hasTotp || passkeys > 0, totp: hasTotp, passkeys, checked: checkedAt !== null, checkedAt };
  });

  app.post('/admin/second_factor/totp', { config: exempt, schema: { response: { 200: TotpEnrolment } } }, async (request) => {
    refuseCrossSite(request);
    const staff = await requireStaff(request, 'members');
    const email = await staffEmail(db, staff.userId);
    return startTotpEnrolment(db, staff.userId, email, now());
  });

  app.post(
    '/admin/second_factor/totp/confirm',
    { config: exempt, schema: { body: SecondFactorCode, response: { 200: RecoveryCodes } } },
    async (request, reply) => {
      refuseCrossSite(request);
      const staff = await requireStaff(request, 'members');
      return checked(reply, await confirmTotpEnrolment(db, staff.userId, sessionHash(request), request.body.code, now()));
    },
  );

  app.post(
    '/admin/second_factor',
    { config: exempt, schema: { body: SecondFactorCode, response: { 200: SecondFactorChecked } } },
    async (request, reply) => {
      refuseCrossSite(request);
      const staff = await requireStaff(request, 'members');
      return checked(reply, await checkSecondFactor(db, staff.userId, sessionHash(request), request.body.code, now()));
    },
  );
};

/** Passkeys (WebAuthn): enrolment and the check, each through its ceremony's options. */
export const secondFactorPasskeyRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps.database;
  const now = () => app.deps.clock().getTime();

  // A passkey is enrolled as the first factor, or beside one already given in this sign-in (a
  // password alone must not add an authenticator to an enrolled account).
  app.post(
    '/admin/second_factor/passkey/registration_options',
    { config: exempt, schema: { response: { 200: PasskeyOptions } } },
    async (request) => {
      refuseCrossSite(request);
      const who = await caller(request);
      const [totp, passkeys, checkedAt] = await Promise.all([
        findTotp(db, who.userId),
        countPasskeys(db, who.userId),
        sessionCheckedAt(db, who.sessionHash),
      ]);
      if ((totp?.confirmed_at != null || passkeys > 0) && checkedAt === null) throw secondFactorRequired();
      return registrationOptions(db, rp(request), who, now());
    },
  );

  app.post(
    '/admin/second_factor/passkey/registration',
    { config: exempt, schema: { body: PasskeyResponse, response: { 200: PasskeyRegistered } } },
    async (request, reply) => {
      refuseCrossSite(request);
      const who = await caller(request);
      return checked(
        reply,
        await registerPasskey(db, rp(request), who, request.body.response as unknown as RegistrationResponseJSON, now(), request.body.name),
      );
    },
  );

  app.post('/admin/second_factor/passkey/options', { config: exempt, schema: { response: { 200: PasskeyOptions } } }, async (request) => {
    refuseCrossSite(request);
    return checkOptions(db, rp(request), await caller(request), now());
  });

  app.post(
    '/admin/second_factor/passkey',
    { config: exempt, schema: { body: PasskeyResponse, response: { 200: SecondFactorChecked } } },
    async (request, reply) => {
      refuseCrossSite(request);
      const who = await caller(request);
      return checked(
        reply,
        await checkPasskey(db, rp(request), who, request.body.response as unknown as AuthenticationResponseJSON, now()),
      );
    },
  );
};
