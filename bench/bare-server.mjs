// The yardstick: bare Fastify answering a small JSON object, measured in the same run.
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`LISTENING ${address}`);
