import assert from 'node:assert/strict';
import type { Browser, BrowserContext } from 'playwright-core';

/**
 * Every journey runs under the pages' Content-Security-Policy (issue 41) and fails on anything it
 * blocks: each browser context `launchBrowser` makes records the pages' `securitypolicyviolation`
 * events (an init script handing them to the test through a binding) and console messages that
 * mention the policy, and closing the context, or the browser, fails the journey if any came.
 * A journey may also ask at any point (`assertNoCspViolations`).
 */
const BINDING = '__hondanaCspViolation';

const recordViolations = (binding: string) => {
  document.addEventListener('securitypolicyviolation', (event) => {
    const report = `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} on ${event.documentURI}` +
      (event.sourceFile ? ` (${event.sourceFile}:${event.lineNumber})` : '') +
      (event.sample ? ` sample: ${event.sample}` : '');
    (window as unknown as Record<string, (text: string) => void>)[binding]?.(report);
  });
};

const violations = new WeakMap<BrowserContext, string[]>();
const all: string[] = [];

async function watch(context: BrowserContext): Promise<void> {
  const found: string[] = [];
  violations.set(context, found);
  const record = (text: string) => {
    found.push(text);
    all.push(text);
  };
  await context.exposeBinding(BINDING, (_source, text: string) => record(`securitypolicyviolation: ${text}`));
  await context.addInitScript(recordViolations, BINDING);
  context.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) record(`console ${message.type()} on ${message.page()?.url() ?? '?'}: ${message.text()}`);
  });
}

/** Fails when a page of `context` (or of any context, without one) met the policy. */
export function assertNoCspViolations(context?: BrowserContext): void {
  const found = context ? (violations.get(context) ?? []) : all;
  assert.deepEqual(found, [], `the Content-Security-Policy blocked something:\n${found.join('\n')}`);
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
  const closeBrowser = browser.close.bind(browser);
  browser.close = async (...args: Parameters<Browser['close']>) => {
    await closeBrowser(...args);
    assertNoCspViolations();
  };
  return browser;
}
