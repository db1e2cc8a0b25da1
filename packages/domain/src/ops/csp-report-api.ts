/**
 * `POST /api/csp-report`: what browsers send when the pages' Content-Security-Policy blocked
 * something (`report-uri`: one `application/csp-report` object; `report-to`: an
 * `application/reports+json` list of reports). Only the fields the store logs are read; browsers
 * add others, which are ignored.
 */
import { z } from 'zod';

const text = z.string().max(4096).optional();
const position = z.number().int().nonnegative().optional();

/** `report-uri` (CSP Level 2): `{ "csp-report": { … } }`. */
const LegacyCspReport = z.object({
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
const ReportingApiBatch = z.array(ReportingApiReport).max(100);

/** Which of the two a body is, read by its shape: a list is a `report-to` batch (the content types vary between browsers). */
export const cspReportSchemaOf = (body: unknown) => (Array.isArray(body) ? ReportingApiBatch : LegacyCspReport);
export type CspReportBody = z.infer<typeof LegacyCspReport> | z.infer<typeof ReportingApiBatch>;

/** A violation as the store logs and counts it, whichever way it came. */
interface CspViolation {
  documentUrl: string | undefined;
  directive: string;
  blocked: string | undefined;
  sourceFile: string | undefined;
  line: number | undefined;
  column: number | undefined;
  sample: string | undefined;
  disposition: string | undefined;
}

export function violationsOf(body: CspReportBody): CspViolation[] {
  if (!Array.isArray(body)) {
    const r = body['csp-report'];
    return [
      {
        documentUrl: r['document-uri'],
        directive: r['effective-directive'] ?? r['violated-directive']?.split(' ', 1)[0] ?? 'unknown',
        blocked: r['blocked-uri'],
        sourceFile: r['source-file'],
        line: r['line-number'],
        column: r['column-number'],
        sample: r['script-sample'],
        disposition: r.disposition,
      },
    ];
  }
  return body
    .filter((report) => report.type === 'csp-violation' && report.body)
    .map(({ url, body: r }) => ({
      documentUrl: r!.documentURL ?? url,
      directive: r!.effectiveDirective ?? 'unknown',
      blocked: r!.blockedURL,
      sourceFile: r!.sourceFile,
      line: r!.lineNumber,
      column: r!.columnNumber,
      sample: r!.sample,
      disposition: r!.disposition,
    }));
}

export const CspReportAccepted = z.void();
