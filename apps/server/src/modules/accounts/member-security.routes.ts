import {
  MemberSessions,
  PasswordChangeBody,
  ReauthenticateBody,
  SessionIdPath,
  SessionsEnded,
  WithdrawalSummary,
} from '@hondana/domain/accounts/account-settings-api';
import { ResultOk } from '@hondana/domain/accounts/accounts-api';
import { notFound } from '@hondana/domain/common/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AccountSettingsContext } from './account-settings-context';
import { endOtherSessions, endSession, listSessions } from './member-sessions.service';
import { changePassword } from './password.service';
import { type WithdrawalParts, reauthenticate, withdrawalSummary } from './withdrawal.service';

/** Issue 38, a signed-in member's security: the password's change, the signed-in sessions, and withdrawal's summary and password step. */
export function memberSecurityRoutes(
  base: FastifyInstance,
  { db, now, member, passwordAttempt }: AccountSettingsContext,
  withdrawal: WithdrawalParts,
): void {
  const app = base.withTypeProvider<ZodTypeProvider>();
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
    return withdrawalSummary(db, withdrawal, userId, sessionHash, now());
  });
  app.post('/user/reauthenticate', { schema: { body: ReauthenticateBody, response: { 200: ResultOk } } }, async (request, reply) => {
    const { userId, sessionHash } = await member(request);
    const attempt = await passwordAttempt(request, reply, userId);
    const answer = await reauthenticate(db, userId, sessionHash, request.body.password, now());
    await attempt.succeeded();
    return answer;
  });
}
