import {
  EmailChangeBody,
  EmailConfirmQuery,
  EmailConfirmResponse,
  PasswordResetBody,
  PasswordResetConfirmBody,
} from '@hondana/domain/accounts/account-settings-api';
import { ResultOk } from '@hondana/domain/accounts/accounts-api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AccountSettingsContext } from './account-settings-context';
import { mailLinkAttempt } from './auth-attempts';
import { confirmEmailLink, requestEmailChange, resendEmailConfirmation } from './email.service';
import { requestPasswordReset, confirmPasswordReset } from './password.service';

const Sent = z.object({ result: z.literal('OK'), sent: z.boolean() });
const PendingEmail = z.object({ result: z.literal('OK'), pendingEmail: z.string() });

/** Issue 38, what goes by a mailed link: the password reset from the login page, and the address's change and confirmation. */
export function mailLinkRoutes(base: FastifyInstance, { db, now, member, refuse, passwordAttempt }: AccountSettingsContext): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
}
