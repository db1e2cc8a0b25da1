/**
 * `POST /api/csp-report`: what browsers send when the pages' Content-Security-Policy blocked
 * something (`report-uri`: one `application/csp-report` object; `report-to`: an
 * `application/reports+json` list of reports). Only the fields the store logs are read; browsers
 * add others, which are ignored. Which shape a body is and the violations it holds are read by
 * `csp-report.ts`.
 */
import { z } from 'zod';

const text = z.string().max(4096).optional();
const position = z.number().int().nonnegative().optional();

/** `report-uri` (CSP Level 2): `{ "csp-report": { … } }`. */
export const LegacyCspReport = z.object({
  'csp-report': z.object({
    'document-uri': text,
    'violated-directive': text,
    'effective-directive': text,
    'blocked-uri': text,
    'source-file': text,
    'line-number': position,
    'column-number': position,
    'script-sample': text,
    disposition: text,
  }),
});

/** One report of the Reporting API (`report-to`); a list may carry other types, which are skipped. */
const ReportingApiReport = z.object({
  type: z.string().max(64),
  url: text,
  body: z
    .object({
      documentURL: text,
      effectiveDirective: text,
      blockedURL: text,
      sourceFile: text,
      lineNumber: position,
      columnNumber: position,
      sample: text,
      disposition: text,
    })
    .optional(),
});

/** A `report-to` batch. */
export const ReportingApiBatch = z.array(ReportingApiReport).max(100);

export type CspReportBody = z.infer<typeof LegacyCspReport> | z.infer<typeof ReportingApiBatch>;

export const CspReportAccepted = z.void();
