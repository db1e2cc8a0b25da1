import { badRequest } from '@hondana/domain/common/errors';
import type { z } from 'zod';

/**
 * Reads a body sent as JSON, as a form, or as text/plain (what `navigator.sendBeacon` sends for
 * a string: JSON text, or `a=1&b=2`), then validates it; a bad field is 400 naming the field.
 */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  let value: unknown = body ?? {};
  if (typeof body === 'string') {
    const text = body.trim();
    if (text.startsWith('{')) {
      try {
        value = JSON.parse(text);
      } catch {
        throw badRequest('body', 'is not valid JSON');
      }
    } else {
      value = Object.fromEntries(new URLSearchParams(text));
    }
  }
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  throw badRequest(issue.path.join('.') || 'body', issue.message);
}
