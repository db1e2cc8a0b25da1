import type { FastifyReply } from 'fastify';

const cell = (v: string | number) => {
  const s = String(v);
  return /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
};

/** CSV with a header row, CRLF line ends and a BOM (so spreadsheet software reads the Japanese as UTF-8). */
export function toCsv(header: string[], rows: (string | number)[][]): string {
  return `\uFEFF${[header, ...rows].map((r) => r.map(cell).join(',')).join('\r\n')}\r\n`;
}

/**
 * Sends a report as a CSV download: text, not JSON, so the route's response schema (the report's
 * JSON form) does not apply to it.
 */
export function sendCsv(reply: FastifyReply, filename: string, csv: string): FastifyReply {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .send(csv);
}
