import type { AccountActionResult } from '@hondana/server/web/load-context';
import type { z } from 'zod';
import { i18n } from '../../../i18n/i18n';
import '../../../i18n/ja-accounts';
import type { AccountField, AccountFormState } from './form-state';

const fields: readonly AccountField[] = ['email', 'password', 'nickname', 'birth_date'];
const isField = (name: unknown): name is AccountField => fields.includes(name as AccountField);
const label = (field: AccountField) => i18n.t(`fields.${field}`);

/** A zod issue of SignupBody or LoginBody as the member should read it, in Japanese. */
function issueMessage(field: AccountField, issue: z.core.$ZodIssue, raw: string): string {
  if (raw.trim() === '') return i18n.t('errors.required', { field: label(field) });
  if (issue.code === 'too_big') return i18n.t('errors.tooLong', { field: label(field), max: Number(issue.maximum) });
  switch (field) {
    case 'email':
      return i18n.t('errors.email');
    case 'password':
      return issue.code === 'too_small'
        ? i18n.t('errors.passwordTooShort', { min: Number(issue.minimum) })
        : i18n.t('errors.BAD_REQUEST', { field: label(field) });
    case 'birth_date':
      return i18n.t('errors.birthDate');
    default:
      return i18n.t('errors.BAD_REQUEST', { field: label(field) });
  }
}

/** Field errors for a body that failed its domain schema: the first issue of each field. */
export function validationErrors(error: z.ZodError, raw: Record<string, string>): AccountFormState['fieldErrors'] {
  const fieldErrors: AccountFormState['fieldErrors'] = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (isField(field) && !fieldErrors[field]) fieldErrors[field] = issueMessage(field, issue, raw[field] ?? '');
  }
  return fieldErrors;
}

/**
 * Messages for a failed account action, keyed by its errorCode (§8). BAD_REQUEST names its
 * field in the server's messages (`field: reason`); that field gets the message.
 */
export function resultErrors(result: Extract<AccountActionResult, { ok: false }>): Pick<AccountFormState, 'formError' | 'fieldErrors'> {
  switch (result.errorCode) {
    case 'INVALID_CREDENTIALS':
      return { formError: i18n.t('errors.INVALID_CREDENTIALS'), fieldErrors: {} };
    case 'TOO_MANY_REQUESTS':
      return { formError: i18n.t('errors.TOO_MANY_REQUESTS'), fieldErrors: {} };
    case 'EMAIL_ALREADY_REGISTERED':
      return { fieldErrors: { email: i18n.t('errors.EMAIL_ALREADY_REGISTERED') } };
    case 'BAD_REQUEST': {
      const field = result.messages?.map((m) => m.split(':')[0]?.trim()).find(isField);
      if (!field) return { formError: i18n.t('errors.BAD_REQUEST_GENERIC'), fieldErrors: {} };
      const message = i18n.t('errors.BAD_REQUEST', { field: label(field) });
      return { formError: message, fieldErrors: { [field]: message } };
    }
    default:
      return { formError: i18n.t('errors.UNKNOWN'), fieldErrors: {} };
  }
}

/** The form-level line for validation failures: BAD_REQUEST naming the first failing field. */
export function validationSummary(fieldErrors: AccountFormState['fieldErrors']): string | undefined {
  const first = fields.find((f) => fieldErrors[f]);
  return first ? i18n.t('errors.BAD_REQUEST', { field: label(first) }) : undefined;
}

/** A post whose body is not a form at all. */
export const notAForm = (): AccountFormState => ({
  formError: i18n.t('errors.BAD_REQUEST_GENERIC'),
  fieldErrors: {},
  values: {},
});
