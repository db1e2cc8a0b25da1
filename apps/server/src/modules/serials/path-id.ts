import { badRequest } from '@hondana/domain/common/errors';
import { rowId } from '@hondana/domain/common/ids';
import type { FastifyRequest } from 'fastify';

/** A path id (`:id`), 400 naming `name` when it is not a positive integer. */
export function pathId(request: FastifyRequest, name: string): number {
  const parsed = rowId.safeParse((request.params as { id?: string }).id);
  if (!parsed.success) throw badRequest(name, parsed.error.issues[0]?.message ?? 'must be an id');
  return parsed.data;
}
