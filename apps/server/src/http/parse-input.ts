import { AppError, ErrorCode } from '@hondana/domain/common/errors';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';

/**
 * Parameters of a call, from the query string and the form (or JSON) body together: spec §7
 * sends some as query (`token`) and some as form fields. A missing or bad one is a 400
 * BAD_REQUEST whose message names the field (§5).
 */
export function parseInput<S extends z.ZodType>(schema: S, request: FastifyRequest): z.infer<S> {
  const body = request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};
  const query = (request.query ?? {}) as Record<string, unknown>;
  const result = schema.safeParse({ ...query, ...body });
  if (result.success) return result.data;
  const messages = result.error.issues.map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`);
  throw new AppError(400, ErrorCode.BAD_REQUEST, messages);
}

export const forbidden = (what: string) => new AppError(403, ErrorCode.FORBIDDEN, [what]);
