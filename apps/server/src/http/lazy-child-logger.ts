import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildLoggerOptions = Parameters<ChildLoggerFactory>[2];

/**
 * A request's logger that becomes pino's child (with the request id) only when something logs.
 * Fastify makes a child per request; with access lines off most requests never log, and
 * pino's child (bindings serialized and, with `logging.ts`' redaction, cloned up front) was
 * 2–3 % of a guest book detail's CPU in a profile (issue 36). Removed once in issue 17 (no
 * difference then, before the redaction), brought back with it.
 */
type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  get #real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  get level(): string {
    return this.#real.level;
  }

  set level(level: string) {
    this.#real.level = level;
  }

  fatal(...args: unknown[]): void {
    this.#log('fatal', args);
  }
  error(...args: unknown[]): void {
    this.#log('error', args);
  }
  warn(...args: unknown[]): void {
    this.#log('warn', args);
  }
  info(...args: unknown[]): void {
    this.#log('info', args);
  }
  debug(...args: unknown[]): void {
    this.#log('debug', args);
  }
  trace(...args: unknown[]): void {
    this.#log('trace', args);
  }
  silent(): void {}

  #log(level: LogLevel, args: unknown[]): void {
    const real = this.#real;
    Reflect.apply(real[level], real, args);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#real.child(bindings, options);
  }
}

// The class has pino's methods with looser parameter types than pino's overloads.
export const lazyChildLoggerFactory: ChildLoggerFactory = (logger, bindings, options) =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
