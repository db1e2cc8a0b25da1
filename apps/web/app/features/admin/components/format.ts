import { formatAmount } from '@hondana/domain/common/format';
import { jaAdmin } from '../../../i18n/ja-admin';
import { formatTokyoDateTime } from '@hondana/domain/common/tokyo-format';

/** 1,234 (yen and counts, as the store writes them). */
export const formatYen = (n: number) => formatAmount(n);

/** 2027年1月10日 12:00 (Asia/Tokyo). */
export const formatInstant = (ms: number): string => formatTokyoDateTime(ms);

type CodeGroup = keyof typeof jaAdmin.codes;

/** A stored code (order kind, status, payment type, …) in Japanese; an unknown one as it is. */
export function codeLabel(group: CodeGroup, code: string): string {
  return (jaAdmin.codes[group] as Record<string, string>)[code] ?? code;
}

/** A field name of the API as the forms label it; an unknown one as it is. */
export const fieldLabel = (key: string): string => (jaAdmin.fields as Record<string, string>)[key] ?? key;
