import assert from 'node:assert/strict';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The WCAG 2.2 A and AA rules of axe-core (issue 42): axe tags each rule with the version that added it. */
export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** One failing axe rule on a page: how many elements fail it, and the first few of them. */
export interface AxeFinding {
  rule: string;
  impact: 'serious' | 'critical';
  nodes: number;
  targets: string[];
  help: string;
}

/**
 * Runs axe on the page as it is now (WCAG 2.2 A and AA) and returns the violations of impact
 * serious or critical, one per rule (issue 42). The page should have settled first (its data
 * loaded): axe reads what is on screen.
 */
export async function seriousViolations(page: Page): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_22_AA).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      rule: v.id,
      impact: v.impact as 'serious' | 'critical',
      nodes: v.nodes.length,
      targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ')),
      help: v.help,
    }));
}

/** The findings as lines a failing assertion can show: `rule (impact) ×n: help — targets`. */
export function describeFindings(findings: AxeFinding[]): string {
  return findings.map((f) => `  ${f.rule} (${f.impact}) ×${f.nodes}: ${f.help} — ${f.targets.join(', ')}`).join('\n');
}

/** Asserts that the page has no serious or critical WCAG 2.2 A/AA violation (issue 42). */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  const findings = await seriousViolations(page);
  assert.equal(findings.length, 0, `${where} has accessibility violations:\n${describeFindings(findings)}`);
}
