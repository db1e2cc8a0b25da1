import {
  EmailChangeBody,
  EmailConfirmQuery,
  EmailConfirmResponse,
  MemberSessions,
  PasswordChangeBody,
  PasswordResetBody,
  PasswordResetConfirmBody,
  ReauthenticateBody,
  SessionIdPath,
  SessionsEnded,
  WithdrawalSummary,
} from '@hondana/domain/accounts/account-settings-api';
import { ResultOk } from '@hondana/domain/accounts/accounts-api';
import { notFound, unauthorized } from '@hondana/domain/common/errors';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { digest } from '../tokens/secrets';
import { authAttempt, mailLinkAttempt, tooManyAttempts } from './auth-attempts';
import { confirmEmailLink, requestEmailChange, resendEmailConfirmation } from './email.service';
import { endOtherSessions, endSession, listSessions } from './member-sessions.service';
import { changePassword, confirmPasswordReset, requestPasswordReset } from './password.service';
import { requireUser, sessionSecret } from './session-plugin';
import { type WithdrawalParts, reauthenticate, withdrawalSummary } from './withdrawal.service';

const Sent = z.object({ result: z.literal('OK'), sent: z.boolean() });
const PendingEmail = z.object({ result: z.literal('OK'), pendingEmail: z.string() });

/**
 * A member's account settings (issue 38): password reset from the login page, address change
 * and confirmation, password change, signed-in sessions, and withdrawal's summary and password
 * step (§7 `/user/withdrawal` itself is in `routes.ts`).
 */
export const accountSettingsRoutes: FastifyPluginAsync<{ authRateLimit: number; withdrawal: WithdrawalParts }> = async (base, options) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
      max: options.authRateLimit,
      now: now(),
    });
    if (!attempt.allowed) throw refuse(reply, attempt.retryAfterSeconds);
    return attempt;
  };

  // The same answer whether or not the address is a member's; the limits count the address either way.
  app.post('/auth/password_reset', { schema: { body: PasswordResetBody, response: { 200: ResultOk } } }, async (request, reply) => {
    const attempt = await mailLinkAttempt(db, { kind: 'password_reset', address: request.ip, email: request.body.email, now: now() });
    if (!attempt.allowed) throw refuse(reply, attempt.retryAfterSeconds);
    await requestPasswordReset(db, request.body.email, now());
    return { result: 'OK' as const };
  });
  app.post('/auth/password_reset/confirm', { schema: { body: PasswordResetConfirmBody, response: { 200: ResultOk } } }, async (request) => {
    await confirmPasswordReset(db, request.body, now());
    return { result: 'OK' as const };
  });

  app.post('/user/email', { schema: { body: EmailChangeBody, response: { 200: PendingEmail } } }, async (request, reply) => {
    const { userId } = await member(request);
    await passwordAttempt(request, reply, userId);
    const { pendingEmail } = await requestEmailChange(db, userId, request.body, now());
    return { result: 'OK' as const, pendingEmail };
  });
  app.get('/user/email/confirm', { schema: { querystring: EmailConfirmQuery, response: { 200: EmailConfirmResponse } } }, async (request) =>
    confirmEmailLink(db, request.query.token, now()),
  );
  app.post('/user/email/confirmation', { schema: { response: { 200: Sent } } }, async (request, reply) => {
    const { userId } = await member(request);
    const attempt = await mailLinkAttempt(db, { kind: 'email_confirm', address: request.ip, email: `member:${userId}`, now: now() });
    if (!attempt.allowed) throw refuse(reply, attempt.retryAfterSeconds);
    const { sent } = await resendEmailConfirmation(db, userId, now());
    return { result: 'OK' as const, sent };
  });

  app.post('/user/password', { schema: { body: PasswordChangeBody, response: { 200: SessionsEnded } } }, async (request, reply) => {
    const { userId, sessionHash } = await member(request);
    const attempt = await passwordAttempt(request, reply, userId);
    const { ended } = await changePassword(db, userId, sessionHash, request.body, now());
    await attempt.succeeded();
    return { result: 'OK' as const, ended };
  });

  app.get('/user/sessions', { schema: { response: { 200: MemberSessions } } }, async (request) => {
    const { userId, sessionHash } = await member(request);
    return listSessions(db, userId, sessionHash, now());
  });
  app.delete('/user/sessions/:id', { schema: { params: SessionIdPath, response: { 200: SessionsEnded } } }, async (request) => {
    const { userId } = await member(request);
    const ended = await endSession(db, userId, request.params.id);
    if (ended === 0) throw notFound('session');
    return { result: 'OK' as const, ended };
  });
  app.delete('/user/sessions', { schema: { response: { 200: SessionsEnded } } }, async (request) => {
    const { userId, sessionHash } = await member(request);
    return { result: 'OK' as const, ended: await endOtherSessions(db, userId, sessionHash) };
  });

  app.get('/user/withdrawal/summary', { schema: { response: { 200: WithdrawalSummary } } }, async (request) => {
    const { userId, sessionHash } = await member(request);
    return withdrawalSummary(db, options.withdrawal, userId, sessionHash, now());
  });
  app.post('/user/reauthenticate', { schema: { body: ReauthenticateBody, response: { 200: ResultOk } } }, async (request, reply) => {
    const { userId, sessionHash } = await member(request);
    const attempt = await passwordAttempt(request, reply, userId);
    const answer = await reauthenticate(db, userId, sessionHash, request.body.password, now());
    await attempt.succeeded();
    return answer;
  });
};
