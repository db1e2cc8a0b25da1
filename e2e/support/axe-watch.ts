import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describeFindings, seriousViolations } from './axe';

/**
 * axe on every page every journey looks at (issue 42): a page's screenshot is the journey saying
 * "this is the state a person sees now" (it has waited for that state first), so before each
 * screenshot of a page `launchBrowser` gave, axe checks the page (WCAG 2.2 A and AA) and the
 * screenshot throws, failing the journey there, on any violation of impact serious or critical.
 *
 * axe costs one to eight seconds a page on two cores, and the ~700 screenshots of a run show the
 * same page kinds again and again, so a state is checked once per run: the same width, address
 * (path segments with numbers as `:n`, the query's names) and number of open dialogs is a state
 * already seen. Each check's state, milliseconds and findings go to the run's log,
 * e2e/screenshots/axe-checks.tsv (`with-demo-template.ts` starts it empty and names it in
 * AXE_LOG_ENV; the journey files run one after another and each reads what the earlier ones
 * checked). A navigation during the check (the page moved on) leaves the state for its next
 * screenshot.
 */
export const AXE_LOG_ENV = 'HONDANA_E2E_AXE_LOG';
export const AXE_LOG = path.join(path.dirname(new URL(import.meta.url).pathname), '..', 'screenshots', 'axe-checks.tsv');
const LOG = process.env[AXE_LOG_ENV] ?? AXE_LOG;
const seen = new Set<string>(
  process.env[AXE_LOG_ENV] && existsSync(LOG)
    ? readFileSync(LOG, 'utf8')
        .split('\n')
        .map((line) => line.split('\t')[0]!)
    : [],
);
const moved = /Execution context was destroyed|Target page, context or browser has been closed|frame was detached|navigat/i;

/** The page's state as far as the check is concerned: width, address with numbers as :n, open dialogs. */
async function stateOf(page: Page): Promise<string | null> {
  const url = new URL(page.url());
  if (url.protocol !== 'http:' || !['127.0.0.1', 'localhost'].includes(url.hostname)) return null;
  const dialogs = await page
    .evaluate(() => document.querySelectorAll('[role=dialog], [role=alertdialog], dialog[open]').length)
    .catch(() => null);
  if (dialogs === null) return null;
  const segments = url.pathname.split('/').map((segment) => (/\d/.test(segment) ? ':n' : segment));
  const where = `${segments.join('/')}?${[...new Set(url.searchParams.keys())].sort().join('&')}`;
  return `${page.viewportSize()?.width ?? 0} ${where} dialogs=${dialogs}`;
}

/** Longer than axe ever takes here (8 s on the top page at a load of 11): a check that hangs fails the journey, saying so. */
const CHECK_TIMEOUT_MS = 60_000;

async function checkBeforeScreenshot(page: Page): Promise<void> {
  const state = await stateOf(page);
  if (state === null || seen.has(state)) return;
  const start = performance.now();
  let findings;
  let timer: NodeJS.Timeout | undefined;
  try {
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new Error(`axe did not finish on ${page.url()} (${state}) in ${CHECK_TIMEOUT_MS} ms`)),
        CHECK_TIMEOUT_MS,
      );
    });
    findings = await Promise.race([seriousViolations(page), timeout]);
  } catch (error) {
    if (moved.test(String(error))) return;
    throw error;
  } finally {
    clearTimeout(timer);
  }
  seen.add(state);
  appendFileSync(LOG, `${state}\t${Math.round(performance.now() - start)}\t${findings.length}\n`);
  if (findings.length > 0) throw new Error(`${page.url()} (${state}) has accessibility violations:\n${describeFindings(findings)}`);
}

const watched = new WeakSet<Page>();

function watchPage(page: Page): Page {
  if (watched.has(page)) return page;
  watched.add(page);
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (...args: Parameters<Page['screenshot']>) => {
    await checkBeforeScreenshot(page);
    return screenshot(...args);
  };
  return page;
}

function watchContext(context: BrowserContext): BrowserContext {
  context.on('page', watchPage);
  const newPage = context.newPage.bind(context);
  context.newPage = async () => watchPage(await newPage());
  return context;
}

/**
 * `browser` whose contexts' pages check axe before each screenshot (once per state and run).
 * A context without JavaScript (the journeys' no-script reads of the server's HTML) is not
 * checked: axe runs as a script in the page, and the same states are checked with scripts.
 */
export function watchAxe(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args);
    return args[0]?.javaScriptEnabled === false ? context : watchContext(context);
  };
  return browser;
}
