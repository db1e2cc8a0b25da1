import { AppError, ErrorCode, type ErrorBody } from '@hondana/domain/common/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { BODY_LIMIT_BYTES } from './request-bodies';

/**
 * The one error handler (§8): every failure leaves as `{ errorCode, messages? }`. Expected
 * outcomes are AppErrors; validation errors name the field; anything else is a 500 that
 * is logged with the request id and shows no internals. `secure` puts the security headers on
 * replies that failed before their handler could (`http/per-request.ts`).
 */
export function registerErrorHandling(app: FastifyInstance, secure: (request: FastifyRequest, reply: FastifyReply) => void): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    secure(request, reply);
    if (error instanceof AppError) {
      reply.errorCode = error.errorCode;
      return reply.status(error.status).send(error.toBody());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const messages = error.validation.map((issue) => {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        // Zod's default for a missing field reads "Invalid input: expected string, received undefined".
        const message = /received undefined$/.test(issue.message ?? '') ? 'is required' : issue.message;
        return `${field || error.validationContext || 'request'}: ${message}`;
      });
      reply.errorCode = ErrorCode.BAD_REQUEST;
      return reply.status(400).send(body(ErrorCode.BAD_REQUEST, messages));
    }
    const status = (error as FastifyError).statusCode;
    if (status === 429) {
      reply.errorCode = ErrorCode.TOO_MANY_REQUESTS;
      return reply.status(429).send(body(ErrorCode.TOO_MANY_REQUESTS));
    }
    if (status === 413) {
      reply.errorCode = ErrorCode.PAYLOAD_TOO_LARGE;
      return reply.status(413).send(body(ErrorCode.PAYLOAD_TOO_LARGE, [`body: at most ${BODY_LIMIT_BYTES / 1024 / 1024} MB`]));
    }
    if (status !== undefined && status >= 400 && status < 500) {
      // Fastify's own client errors: bad JSON, wrong content type, body too large…
      reply.errorCode = ErrorCode.BAD_REQUEST;
      return reply.status(400).send(body(ErrorCode.BAD_REQUEST, [error.message]));
    }
    request.log.error({ err: error }, 'unexpected failure');
    reply.errorCode = ErrorCode.INTERNAL_SERVER_ERROR;
    return reply.status(500).send(body(ErrorCode.INTERNAL_SERVER_ERROR));
  });
}

export function apiNotFound(_request: unknown, reply: { status(n: number): { send(b: ErrorBody): unknown } }) {
  return reply.status(404).send(body(ErrorCode.NOT_FOUND));
}

const body = (errorCode: ErrorCode, messages?: string[]): ErrorBody => (messages ? { errorCode, messages } : { errorCode });
