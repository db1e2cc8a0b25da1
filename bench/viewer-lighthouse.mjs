// The Web Speed Hackathon 2024 score of the viewer (CyberAgent's manga-site benchmark), with
// Lighthouse's default (mobile, simulated throttling) settings: page load FCP×10, Speed Index×10,
// LCP×25, TBT×30, CLS×25 (of 100); the page-turn user flow TBT×25 + INP×25 (of 50).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { startFlow } from 'lighthouse';
import puppeteer from 'puppeteer-core';

const LOAD_WEIGHTS = {
  'first-contentful-paint': 10,
  'speed-index': 10,
  'largest-contentful-paint': 25,
  'total-blocking-time': 30,
  'cumulative-layout-shift': 25,
};
const FLOW_WEIGHTS = { 'total-blocking-time': 25, 'interaction-to-next-paint': 25 };

function weigh(audits, weights) {
  const metrics = {};
  let total = 0;
  for (const [id, weight] of Object.entries(weights)) {
    const audit = audits[id];
    total += (audit?.score ?? 0) * weight;
    metrics[id] = audit?.displayValue ?? 'n/a';
  }
  return { total, metrics };
}

export async function wshScore(chromePath, url) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const run = await lighthouse(url, { port: chrome.port, logLevel: 'error', onlyCategories: ['performance'] });
    const load = weigh(run.lhr.audits, LOAD_WEIGHTS);

    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
    const page = await browser.newPage();
    await page.setViewport({ width: 375, height: 740 });
    await page.goto(url);
    await page.waitForSelector('[data-testid=viewer-stage] img');
    const flow = await startFlow(page, { name: 'page turns' });
    await flow.startTimespan();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('ArrowLeft');
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    await flow.endTimespan();
    const result = await flow.createFlowResult();
    const flowScore = weigh(result.steps[0].lhr.audits, FLOW_WEIGHTS);
    await browser.disconnect();
    return { load, flow: flowScore };
  } finally {
    chrome.kill();
  }
}
