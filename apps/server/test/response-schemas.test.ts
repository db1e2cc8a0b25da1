import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from '../src/http/response-schemas';

const Book = z.object({ bookId: z.number().int(), name: z.string(), beforePrice: z.number().nullable() });

async function appWith(check: boolean, send: unknown) {
  const app = Fastify();
  app.setSerializerCompiler(responseSerializerCompiler({ check }));
  app.get('/book', { schema: { response: { 200: Book } } }, async () => send);
  await app.ready();
  return app;
}

describe('response schemas', () => {
  it('write what the route sends, from the schema', async () => {
    const app = await appWith(true, { bookId: 7, name: '夜明けの図書館 1', beforePrice: null });
    const response = await app.inject('/book');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bookId: 7, name: '夜明けの図書館 1', beforePrice: null });
  });

  it('when checking, refuse a field the schema lacks, naming it, rather than drop it', async () => {
    const app = await appWith(true, { bookId: 7, name: 'x', beforePrice: null, price: 440 });
    const response = await app.inject('/book');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('.price is dropped');
  });

  it('when checking, refuse a value of the wrong type, naming the field', async () => {
    const app = await appWith(true, { bookId: 7.5, name: 'x', beforePrice: null });
    const response = await app.inject('/book');
    expect(response.statusCode).toBe(500);
    expect(response.body).toContain('bookId');
  });

  it('in production write only the schema’s fields', async () => {
    const app = await appWith(false, { bookId: 7, name: 'x', beforePrice: 500, secret: 'no' });
    expect((await app.inject('/book')).json()).toEqual({ bookId: 7, name: 'x', beforePrice: 500 });
  });
});
