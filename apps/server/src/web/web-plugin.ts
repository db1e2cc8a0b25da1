import { existsSync } from 'node:fs';
import { basename } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppLoadContext, ServerBuild } from 'react-router';
import { PageNonces, type PolicyOptions, pagePolicy } from '../http/content-security-policy';
import { apiNotFound } from '../http/errors';
import type { PerRequest } from '../http/per-request';
import { authAttempt } from '../modules/accounts/auth-attempts';
import { keepSessionUser, sessionSecret } from '../modules/accounts/session-plugin';
import { digest } from '../modules/accounts/sessions';
import { ArrivalOrder } from './arrival-order';
import { type AuthAttemptLimiter, createLoadContext } from './create-load-context';
import type { StoreLoadContext } from './load-context';
import { type CachedPage, GuestPageCache, type RenderStart } from './guest-page-cache';
import { MemberPageCache } from './member-page-cache';
import { routeSubsetHandlers } from './route-subsets';
import { sessionAndPlanAnswers } from './member-answers.repository';
import { type MemberCall, MemberPart, replay } from './member-part';

/** apps/web/build, written by `npm run build` (react-router build). */
const webBuild = new URL('../../../web/build/', import.meta.url);
const serverBuildFile = fileURLToPath(new URL('server/index.js', webBuild));
const clientDir = fileURLToPath(new URL('client/', webBuild));
const assetsDir = fileURLToPath(new URL('client/assets/', webBuild));

/** Hashed file names never change content: cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** favicon and other unhashed public files. */
const SHORT = 'public, max-age=3600';
/**
 * The service worker and the web app manifest: the browser checks them on every visit, so a new
 * build reaches installed copies at once (a cached sw.js would keep the old app for an hour).
 */
const REVALIDATE = new Set(['sw.js', 'push-sw.js', 'manifest.webmanifest']);

interface WebPluginOptions {
  /** Login and signup attempts per minute per client through the pages (as on /api/auth/*). */
  authRateLimit?: number;
  /** Seconds a guest's rendered page is served to the next guests (0: always render). */
  guestPageCacheSeconds?: number;
  /** Members' pages kept as long, per member part (decision 029); false renders every member's page. */
  memberPageCache?: boolean;
  /** Gives the not-found answers the security headers that route handlers get (`http/per-request.ts`). */
  perRequest: Pick<PerRequest, 'notFound'>;
  /** What the pages' Content-Security-Policy allows beyond the store's origin (`http/content-security-policy.ts`). */
  policy?: PolicyOptions;
}

const isApiPath = (url: string) => {
  const path = url.split('?', 1)[0] ?? '';
  return path === '/api' || path.startsWith('/api/');
};

/**
 * Hosts the server-rendered store pages (apps/web) in this Fastify process: static client
 * files from apps/web/build/client, and every other non-/api request handed to React Router
 * with the server's use cases as load context. /api keeps its JSON 404.
 */
export const webPlugin = fp(
  async (app: FastifyInstance, options: WebPluginOptions) => {
    if (!existsSync(serverBuildFile)) {
      throw new Error(
        `The web app is not built: ${serverBuildFile} is missing. Run \`npm run build\` (or \`npm start\`, which builds when needed).`,
      );
    }
    if (process.env.NODE_ENV !== 'production') {
      // React picks its renderer by NODE_ENV when first imported, so the process entry must
      // set it; the development renderer is several times slower.
      app.log.warn('NODE_ENV is not "production": React renders pages with its development build');
    }
    const build = (await import(new URL('server/index.js', webBuild).href)) as ServerBuild;
    // React Router's handler of the build's routes that can match the page's path (`route-subsets.ts`).
    const handlerFor = routeSubsetHandlers(build, 'production');
    const handleRequest = (fetchRequest: Request, loadContext: AppLoadContext) => handlerFor(fetchRequest)(fetchRequest, loadContext);
    const authAttempt = authAttemptLimiter(app, options.authRateLimit ?? 10);
    const guestPages = new GuestPageCache((options.guestPageCacheSeconds ?? 0) * 1000);
    const memberPages = new MemberPageCache(options.memberPageCache === false ? 0 : (options.guestPageCacheSeconds ?? 0) * 1000);
    // A kept page may show a price, a book, a ranking or a maintenance state that just changed.
    const clearPages = () => {
      guestPages.clear();
      memberPages.clear();
    };
    app.deps.changes.subscribe('catalog', clearPages);
    app.deps.changes.subscribe('settings', clearPages);
    app.deps.changes.subscribe('rankings', clearPages);
    const renders = new ArrivalOrder();
    // Pages are rendered with the nonce marker and sent with a fresh nonce each (docs/architecture.md, "Content-Security-Policy").
    const nonces = new PageNonces();
    const policyWith = pagePolicy(options.policy);
    const send = pageSender(nonces, policyWith);

    async function render(request: FastifyRequest, reply: FastifyReply) {
      if (isApiPath(request.url)) return apiNotFound(request, reply);
      const secret = sessionSecret(request);
      const member = secret !== undefined;
      const cacheable = guestPages.enabled && request.method !== 'POST' && !member;
      const now = Date.now();
      if (member && memberPages.enabled && request.method !== 'POST' && memberPages.covers(request.url)) {
        return renderMemberPage(request, reply, secret, memberPages.start(now));
      }
      const kept = cacheable ? guestPages.get(request.url, now) : undefined;
      if (kept) return send.cached(reply, kept);
      return renders.run(() => renderPage(request, reply, cacheable ? guestPages.start(now) : null));
    }

    /**
     * A member's page (decision 029): the member calls the page's last render made are asked
     * again for this member; a page kept for the same answers is sent, else it is rendered (its
     * member calls recorded) and kept for the next member with the same answers. The session's
     * member and the answers the plan's calls have in SQL are read in one statement
     * (`member-answers.repository.ts`); the other calls go through the load context.
     */
    async function renderMemberPage(request: FastifyRequest, reply: FastifyReply, secret: string, start: RenderStart) {
      const part = new MemberPart();
      const latest = memberPages.latestPlan(request.url) ?? [];
      const found = await sessionAndPlanAnswers(app.deps.database.db, digest(secret), app.deps.clock().getTime(), latest);
      keepSessionUser(request, found?.user ?? null);
      if (!found) return renders.run(() => renderPage(request, reply, null));
      const page = `${found.user.adultState}\n${request.url}`;
      const plan = memberPages.plan(page);
      let context: StoreLoadContext | null = null;
      if (plan) {
        // Answers read for the plan of the URL's other adult state are not this plan's.
        const answered = samePlan(plan, latest) ? found.answers : new Map<number, unknown>();
        if (plan.some((_, index) => !answered.has(index))) context = await createLoadContext(request, { authAttempt }, part);
        await replay(context, part, plan, answered);
        const kept = memberPages.get(page, part.key(), start.at);
        if (kept) return send.cached(reply, kept);
        part.reset();
      }
      context ??= await createLoadContext(request, { authAttempt }, part);
      return renders.run(async () => {
        const response = await handleRequest(toFetchRequest(request, reply), { ...context, cspNonce: nonces.marker });
        if (part.isPersonal || response.status !== 200 || response.headers.has('set-cookie') || !response.body) {
          return send.fetched(reply, response);
        }
        const body = keptPage(nonces, response.headers, Buffer.from(await response.arrayBuffer()));
        memberPages.set(request.url, page, part.plan(), part.key(), body, start);
        return send.cached(reply, { ...body, expires: 0 }, 'miss');
      });
    }

    /** Renders a page; `keep`: a guest's page, kept when the render began at it (null: not kept). */
    async function renderPage(request: FastifyRequest, reply: FastifyReply, keep: RenderStart | null, context?: StoreLoadContext) {
      // apps/web declares AppLoadContext as StoreLoadContext (app/load-context.d.ts).
      const loadContext: AppLoadContext = { ...(context ?? (await createLoadContext(request, { authAttempt }))), cspNonce: nonces.marker };
      const response = await handleRequest(toFetchRequest(request, reply), loadContext);
      if (!keep || response.status !== 200 || response.headers.has('set-cookie') || !response.body) {
        return send.fetched(reply, response);
      }
      const page = keptPage(nonces, response.headers, Buffer.from(await response.arrayBuffer()));
      guestPages.set(request.url, page, keep);
      return send.cached(reply, { ...page, expires: 0 }, 'miss');
    }

    // Static files: one route per file found at start (no wildcard, so unknown paths fall
    // through to the pages). Encapsulated so its reply decorators stay private.
    await app.register(async (files) => {
      await files.register(fastifyStatic, {
        root: clientDir,
        prefix: '/',
        wildcard: false,
        index: false,
        decorateReply: false,
        cacheControl: false,
        setHeaders: (res, filePath) => {
          const cacheControl = REVALIDATE.has(basename(filePath)) ? 'no-cache' : filePath.startsWith(assetsDir) ? IMMUTABLE : SHORT;
          res.setHeader('Cache-Control', cacheControl);
        },
      });
    });

    // Pages: React Router needs the raw body of form posts, so this context drops the app's
    // parsers (formbody, JSON) and keeps every body as a Buffer.
    await app.register(async (pages) => {
      pages.removeAllContentTypeParsers();
      pages.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
      pages.route({ method: ['GET', 'POST'], url: '/*', handler: render });
    });

    // Any other method: /api answers its JSON 404; pages take only GET, HEAD and POST.
    app.setNotFoundHandler(
      options.perRequest.notFound((request, reply) => {
        if (isApiPath(request.url)) return apiNotFound(request, reply);
        return reply.status(405).header('allow', 'GET, HEAD, POST').send();
      }),
    );
  },
  { name: 'hondana-web' },
);

/** Fastify request → Fetch Request (absolute URL, all headers, raw body, aborted with the client). */
function toFetchRequest(request: FastifyRequest, reply: FastifyReply): Request {
  // Node gives the path as sent (origin form); Request parses the absolute URL once.
  const origin = `${request.protocol}://${request.host}`;
  const url = request.url.startsWith('/') ? origin + request.url : new URL(request.url, origin).href;
  // Node joins repeated request headers into one string each (cookies with '; '); only
  // set-cookie stays a list, and no client sends it. Headers copies the record.
  const headers = request.raw.headers as Record<string, string>;
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  // HEAD renders as GET so status and headers match; Fastify's HEAD route drops the body.
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  const init: RequestInit = { method, headers, signal: controller.signal };
  if (method !== 'GET' && Buffer.isBuffer(request.body)) {
    init.body = request.body;
  }
  return new Request(url, init);
}

/** Connection-level headers are Node's to write; Set-Cookie is copied below, one per cookie. */
const notCopied = new Set(['connection', 'keep-alive', 'transfer-encoding', 'set-cookie']);

/**
 * A rendered page to keep: its body still has the nonce marker, whose places are found once
 * (`nonceAt`) so that each send only copies the page with its own nonce there.
 */
function keptPage(nonces: PageNonces, headers: Headers, body: Buffer): Omit<CachedPage, 'expires'> {
  return { status: 200, headers: [...headers], body, nonceAt: nonces.offsets(body) };
}

/**
 * Sends pages: each response gets a fresh nonce, in its Content-Security-Policy and in the
 * page's `nonce` attributes in the marker's place (docs/architecture.md, "Content-Security-Policy").
 */
function pageSender(nonces: PageNonces, policyWith: (nonce: string) => string) {
  return {
    /** Fetch Response → Fastify reply: status, headers (each Set-Cookie separately), whole body. */
    fetched(reply: FastifyReply, response: Response) {
      reply.status(response.status);
      response.headers.forEach((value, name) => {
        if (!notCopied.has(name)) reply.header(name, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      const nonce = nonces.fresh();
      reply.header('content-security-policy', policyWith(nonce));
      if (!response.body) return reply.send();
      // Pages have no deferred data to stream, and a whole body is cheaper to send than a web
      // stream piped into a Node stream (about 15% of a page request); it also gets a length.
      return response.arrayBuffer().then((body) => reply.send(nonces.stampInPlace(Buffer.from(body), nonce)));
    },
    cached(reply: FastifyReply, page: CachedPage, state: 'hit' | 'miss' = 'hit') {
      reply.status(page.status);
      for (const [name, value] of page.headers) if (!notCopied.has(name)) reply.header(name, value);
      reply.header('x-page-cache', state);
      const nonce = nonces.fresh();
      reply.header('content-security-policy', policyWith(nonce));
      return reply.send(nonces.stamp(page.body, nonce, page.nonceAt ?? nonces.offsets(page.body)));
    },
  };
}

/** Login and signup through the pages share the API's limits (per address and per account, in the database). */
function authAttemptLimiter(app: FastifyInstance, max: number): AuthAttemptLimiter {
  return (request, kind, email) =>
    authAttempt(app.deps.database.db, { kind, address: request.ip, email, max, now: app.deps.clock().getTime() });
}

const samePlan = (a: readonly MemberCall[], b: readonly MemberCall[]) => a === b || JSON.stringify(a) === JSON.stringify(b);
