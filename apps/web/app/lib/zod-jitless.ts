/**
 * The domain's schemas come to the browser with zod, which probes whether `new Function` is
 * allowed the first time it builds an object schema (its fast path compiles a parser). Under the
 * pages' Content-Security-Policy (no `'unsafe-eval'`) the probe is refused, and although zod
 * catches that, the browser reports a `securitypolicyviolation` each time. `jitless` skips the
 * probe; zod reads it from this global when it loads (`zod/v4/core/core.js`), so root.tsx
 * imports this module first, before any module that loads zod. Only in the browser: the server
 * process (which loads the pages' server build) keeps zod's compiled parsers for the API.
 */
if (typeof document !== 'undefined') {
  const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  (zodGlobal.__zod_globalConfig ??= {}).jitless = true;
}
