/**
 * How the store reads a CSP report (`POST /api/csp-report`): which of the two shapes a body is,
 * and the violations it holds, whichever way it came. The schemas are in `csp-report-api.ts`.
 */
import { type CspReportBody, LegacyCspReport, ReportingApiBatch } from './csp-report-api';

/** Which of the two a body is, read by its shape: a list is a `report-to` batch (the content types vary between browsers). */
export const cspReportSchemaOf = (body: unknown) => (Array.isArray(body) ? ReportingApiBatch : LegacyCspReport);
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
