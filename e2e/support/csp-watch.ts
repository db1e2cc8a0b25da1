import assert from 'node:assert/strict';
import type { Browser, BrowserContext, JSHandle, Page } from 'playwright-core';

/**
 * Every journey runs under the pages' Content-Security-Policy (issue 41) and fails on anything it
 * blocks, and on a page whose first render in the browser differs from the server's HTML (React's
 * hydration errors, `HYDRATION_ERROR`): each browser context `launchBrowser` makes records the pages' `securitypolicyviolation`
 * events (an init script handing them to the test through a binding) and console messages that
 * mention the policy; closing the context fails the journey if any came, and closing the browser
 * fails the journey's file (its exit code) for any a closed context did not already report.
 * A journey may also ask at any point (`assertNoCspViolations`).
 *
 * Playwright's own `page.waitForFunction` compiles its predicate with `new Function` inside the
 * page, which the policy refuses (EvalError, and a violation); each watched page's
 * `waitForFunction` is replaced by `waitForFunctionWithoutEval`, which hands the predicate to the
 * page the way `page.evaluate` does (through the DevTools protocol, which the policy does not govern).
 */
const BINDING = '__hondanaCspViolation';

/**
 * React's hydration mismatches (minified in the production build: #418 the server's HTML differed,
 * #423 the root was rendered again in the browser, #425 text differed): the
 * server's HTML and the browser's first render must be the same, kept markup included
 * (apps/web `kept-markup.tsx`). Journeys fail on them as on a policy violation.
 */
const HYDRATION_ERROR = /Minified React error #(418|423|425)\b|Hydration failed|hydrat\w* mismatch/i;

const recordViolations = (binding: string) => {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report =
      `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}` +
      (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '') +
      (event.sample ? ` sample: ${event.sample}` : '');
    (window as unknown as Record<string, (text: string) => void>)[binding]?.(report);
  });
};

const violations = new WeakMap<BrowserContext, string[]>();
const all: string[] = [];
/** Violations a failed assertion already named (the browser's close names only the others). */
const reported = new Set<string>();

/** Playwright's default wait. */
const DEFAULT_TIMEOUT_MS = 30_000;
const lostContext = /Execution context was destroyed|Target page, context or browser has been closed|navigat/i;

/**
 * `page.waitForFunction(predicate, arg, { timeout })` as Playwright's, without `new Function` in the
 * page: one `evaluateHandle` that checks the predicate every 16 ms until it is truthy (its value's
 * handle is the answer) or the time is up; a navigation meanwhile starts it again on the new page.
 */
function waitForFunctionWithoutEval(page: Page) {
  return async (
    pageFunction: string | ((arg: unknown) => unknown),
    arg?: unknown,
    options: { timeout?: number } = {},
  ): Promise<JSHandle> => {
    const timeout = options.timeout || DEFAULT_TIMEOUT_MS;
    const deadline = Date.now() + timeout;
    const predicate = typeof pageFunction === 'function' ? pageFunction.toString() : `() => (${pageFunction})`;
    // Built here, in Node (no policy), and sent to the page as `page.evaluate` sends any function.
    const poll = new Function(
      `return async ({ arg, deadline }) => {
        const predicate = (${predicate});
        for (;;) {
          const value = await predicate(arg);
          if (value) return value;
          if (Date.now() > deadline) throw new Error('waitForFunction: timed out');
          await new Promise((resolve) => setTimeout(resolve, 16));
        }
      }`,
    )() as (args: { arg: unknown; deadline: number }) => Promise<unknown>;
    for (;;) {
      try {
        return await page.evaluateHandle(poll, { arg, deadline });
      } catch (error) {
        if (Date.now() < deadline && lostContext.test(String(error)) && !page.isClosed()) continue;
        throw new Error(`page.waitForFunction: timed out after ${timeout} ms waiting for ${predicate}\n${String(error)}`, { cause: error });
      }
    }
  };
}

function watchPage(page: Page): Page {
  page.waitForFunction = waitForFunctionWithoutEval(page) as unknown as Page['waitForFunction'];
  return page;
}

async function watch(context: BrowserContext): Promise<void> {
  const found: string[] = [];
  violations.set(context, found);
  const record = (text: string) => {
    found.push(text);
    all.push(text);
  };
  await context.exposeBinding(BINDING, (_source, text: string) => record(`securitypolicyviolation: ${text}`));
  await context.addInitScript(recordViolations, BINDING);
  context.on('page', watchPage);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => watchPage(await newPage());
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy') || HYDRATION_ERROR.test(message.text()))
      record(`console ${message.type()} on ${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
  context.on('weberror', (webError) => {
    const text = webError.error().message;
    if (HYDRATION_ERROR.test(text)) record(`hydration error on ${webError.page()?.url() ?? '?'}: ${text}`);
  });
}

/** Fails when a page of `context` (or of any context, without one) met the policy. */
export function assertNoCspViolations(context?: BrowserContext): void {
  const found = context ? (violations.get(context) ?? []) : all;
  for (const text of found) reported.add(text);
  assert.deepEqual(found, [], `the Content-Security-Policy blocked something, or a page did not hydrate as rendered:\n${found.join('\n')}`);
}

/** `browser` with every new context watched, and its contexts' and its own `close` failing on what they met. */
export function watchCsp(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    await watch(context);
    const close = context.close.bind(context);
    context.close = async (...closeArgs: Parameters<BrowserContext['close']>) => {
      await close(...closeArgs);
      assertNoCspViolations(context);
    };
    return context;
  };
  browser.newPage = async (...args: Parameters<Browser['newPage']>) => {
    const context = await browser.newContext(...args);
    const page = await context.newPage();
    // As Playwright's own newPage: the page owns its context.
    page.once('close', () => void context.close().catch(() => {}));
    return page;
  };
  // Closing the browser must not throw: journeys stop their store after it. What no closed
  // context reported yet fails the journey's file through its exit code instead.
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (...args: Parameters<Browser['close']>) => {
    await closeBrowser(...args);
    const unreported = all.filter((text) => !reported.has(text));
    if (unreported.length > 0) {
      console.error(`the Content-Security-Policy blocked something, or a page did not hydrate as rendered:\n${unreported.join('\n')}`);
      process.exitCode = 1;
    }
  };
  return browser;
}
