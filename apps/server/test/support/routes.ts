import type { FastifyInstance } from 'fastify';

/** Every route of the app with its methods, read from Fastify's route tree. */
export function routesOf(app: FastifyInstance): { url: string; methods: string[] }[] {
  const stack: { depth: number; path: string }[] = [];
  const routes: { url: string; methods: string[] }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length > depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + match[2]!;
    stack.push({ depth, path });
    if (match[3]) routes.push({ url: path, methods: match[3].split(', ').filter((m) => m !== 'HEAD' && m !== 'OPTIONS') });
  }
  return routes;
}

/** The API's calls that change something (every method but GET), each path's params filled with 1. */
export function apiChanges(app: FastifyInstance): { method: string; url: string }[] {
  return routesOf(app)
    .filter((r) => r.url.startsWith('/api/'))
    .flatMap((r) => r.methods.filter((m) => m !== 'GET').map((method) => ({ method, url: r.url.replace(/:[a-z_]+/gi, '1') })));
}
