import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Serialises a route's response with its `response` schema (a zod schema of
 * `packages/domain`): the schema is turned into JSON Schema and fast-json-stringify writes the
 * body from it. The same schema types the handler's return value and the web client's reading
 * of it. Each schema is compiled once per process, on the first response that uses it (many
 * routes share one, and about 300 compiled at start took a second of every start: each store
 * process and each test's app).
 *
 * With `check` (tests and journeys: CHECK_RESPONSES=true), every response is also parsed with
 * the zod schema, and the written JSON is compared with `JSON.stringify` of the same value: a
 * field the schema lacks (fast-json-stringify would drop it), a wrong type or a missing field
 * fails the request with the route and the field named, so a schema that no longer matches
 * what the route sends is found by the suite rather than by a reader.
 */
export function responseSerializerCompiler(options: { check: boolean }): FastifySerializerCompiler<unknown> {
  return ({ schema, method, url, httpStatus }) => {
    if (!(schema instanceof z.ZodType)) return (data) => JSON.stringify(data);
    let write: ((data: unknown) => string) | undefined;
    const stringify = (data: unknown) => (write ??= compiled(schema))(data);
    if (!options.check) return stringify;
    const route = `${method} ${url} ${httpStatus}`;
    return (data) => {
      const parsed = schema.safeParse(data);
      if (!parsed.success) throw new Error(`the response of ${route} does not match its schema: ${z.prettifyError(parsed.error)}`);
      const written = stringify(data);
      const plain: unknown = JSON.parse(JSON.stringify(data));
      if (!isDeepStrictEqual(JSON.parse(written), plain)) {
        throw new Error(
          `the response of ${route} loses or changes fields in its schema's JSON: ${firstDifference(plain, JSON.parse(written))}`,
        );
      }
      return written;
    };
  };
}

const stringifiers = new WeakMap<z.ZodType, (data: unknown) => string>();

/** fast-json-stringify's writer of a schema, made on first use and shared by every route and app that uses the schema. */
function compiled(schema: z.ZodType): (data: unknown) => string {
  let stringify = stringifiers.get(schema);
  if (!stringify) {
    const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
    stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
    stringifiers.set(schema, stringify);
  }
  return stringify;
}

/** Where two JSON values first differ, as a path: `books[3].price`. */
function firstDifference(sent: unknown, written: unknown, at = ''): string {
  if (Array.isArray(sent) && Array.isArray(written)) {
    for (let i = 0; i < Math.max(sent.length, written.length); i++) {
      if (!isDeepStrictEqual(sent[i], written[i])) return firstDifference(sent[i], written[i], `${at}[${i}]`);
    }
  } else if (sent && written && typeof sent === 'object' && typeof written === 'object') {
    const a = sent as Record<string, unknown>;
    const b = written as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
      if (!(key in b)) return `${at}.${key} is dropped (not in the schema)`;
      if (!isDeepStrictEqual(a[key], b[key])) return firstDifference(a[key], b[key], `${at}.${key}`);
    }
  }
  return `${at || 'the body'}: sent ${JSON.stringify(sent)?.slice(0, 80)}, written ${JSON.stringify(written)?.slice(0, 80)}`;
}
