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
