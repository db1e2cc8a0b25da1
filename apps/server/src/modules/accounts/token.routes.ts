import { CreatedToken } from '@hondana/domain/common/responses';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueToken } from '../tokens/one-time-tokens';
import { requireUser } from './session-plugin';

/** The answer of a §7 `create_token` call: a one-time token for this member and `purpose` (401 for a guest). */
export async function createTokenResponse(request: FastifyRequest, purpose: string): Promise<CreatedToken> {
  const user = await requireUser(request);
  const { database, clock } = request.server.deps;
  return { status: { code: 0, token: await issueToken(database.db, user.userId, purpose, clock().getTime()) } };
}

/** Registers a GET `create_token` endpoint per path, each issuing tokens for its purpose. */
export function registerTokenEndpoints(app: FastifyInstance, endpoints: Record<string, string>): void {
  for (const [path, purpose] of Object.entries(endpoints)) {
    app.get(path, { schema: { response: { 200: CreatedToken } } }, (request) => createTokenResponse(request, purpose));
  }
}
