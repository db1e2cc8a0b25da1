import { idParam } from '@hondana/domain/books';
import { badRequest } from '@hondana/domain/errors';
import type { FastifyRequest } from 'fastify';

/** A path id (`:id`), 400 naming `name` when it is not a positive integer. */
export function pathId(request: FastifyRequest, name: string): number {
  const parsed = idParam.safeParse((request.params as { id?: string }).id);
  if (!parsed.success || parsed.data < 1 || parsed.data > 2_147_483_647) throw badRequest(name, 'must be a positive integer id');
  return parsed.data;
}
