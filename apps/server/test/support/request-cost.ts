import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import type { LogEvent } from 'kysely';

/**
 * The SQL statements a database runs while recording, told by Kysely's log hook
 * (`buildTestApp({ log: recorder.log })`): every statement that reaches the driver, the
 * prepared ones of `db/prepared-query.ts`, BEGIN, COMMIT and ROLLBACK included.
 */
export class StatementRecorder {
  #statements: string[] | null = null;
  #seen = 0;

  readonly log = (event: LogEvent): void => {
    this.#seen += 1;
    this.#statements?.push(event.level === 'error' ? `(failed) ${event.query.sql}` : event.query.sql);
  };

  /** Statements run since the database was opened, recorded or not. */
  get seen(): number {
    return this.#seen;
  }

  start(): void {
    this.#statements = [];
  }

  stop(): string[] {
    const statements = this.#statements ?? [];
    this.#statements = null;
    return statements;
  }
}

/** The hook phases a request that is answered as usual passes (not onError, onTimeout, onRequestAbort). */
const REQUEST_PHASES = new Set(['onRequest', 'preParsing', 'preValidation', 'preHandler', 'preSerialization', 'onSend', 'onResponse']);

/**
 * The hooks Fastify runs for one route (`'GET /api/books/:book_id'`, as registered; pages are
 * `'GET *'`), as `phase name()` strings, read from `printRoutes({ includeHooks: true })`: the
 * app's global hooks and the plugins' hooks merged into the route, in the order they run.
 */
export function routeHooks(app: FastifyInstance, route: string): string[] {
  const [method, url] = route.split(' ') as [string, string];
  const stack: { depth: number; path: string }[] = [];
  let current: string | null = null;
  const hooks = new Map<string, string[]>();
  for (const line of app.printRoutes({ includeHooks: true, commonPrefix: false }).split('\n')) {
    const hook = /^[│ ]*• \((\w+)\) \[(.*)\]$/.exec(line);
    if (hook) {
      if (current && REQUEST_PHASES.has(hook[1]!)) {
        const names = JSON.parse(`[${hook[2]}]`) as string[];
        hooks.get(current)!.push(...names.map((name) => `${hook[1]} ${name}`));
      }
      continue;
    }
    const branch = /^([│ ]*)(?:├── |└── )(.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!branch) {
      current = null; // another method's entry of the same path (HEAD): its hooks are not asked for
      continue;
    }
    const depth = branch[1]!.length / 4;
    while (stack.length > depth) stack.pop();
    const path = (stack.at(-1)?.path ?? '') + branch[2]!;
    stack.push({ depth, path });
    current = branch[3] ? `${path} ${branch[3]}` : null;
    if (current) hooks.set(current, []);
  }
  const found = [...hooks].find(([key]) => {
    const [path, methods] = [key.slice(0, key.indexOf(' ')), key.slice(key.indexOf(' ') + 1)];
    return path === url && methods.split(', ').includes(method);
  });
  if (!found) throw new Error(`no route ${route} in the app's routes`);
  return found[1];
}

export interface RequestCost {
  response: LightMyRequestResponse;
  /** The SQL of each statement the request ran, in order (those run after its answer too). */
  statements: string[];
  /** The route's per-request hooks (`routeHooks`). */
  hooks: string[];
}

/**
 * What one request costs the store: the statements it runs and the hooks it passes. Counts from
 * the request until the database has been quiet for `quietMs` after the answer, so a write the
 * request leaves to run after its answer is counted too. The app's own timers must not run
 * statements meanwhile: stop the store-change poll (`app.deps.changes.stop()`) and give the app a
 * tracking buffer that is flushed only when asked.
 */
export async function requestCost(
  app: FastifyInstance,
  recorder: StatementRecorder,
  route: string,
  request: InjectOptions,
  { quietMs = 40 } = {},
): Promise<RequestCost> {
  recorder.start();
  try {
    const response = await app.inject(request);
    for (let seen = -1; seen !== recorder.seen;) {
      seen = recorder.seen;
      await new Promise((resolve) => setTimeout(resolve, quietMs));
    }
    return { response, statements: recorder.stop(), hooks: routeHooks(app, route) };
  } finally {
    recorder.stop();
  }
}
