/**
 * How the console's editors save a row they loaded. A create takes every field (with its
 * defaults); an update takes any of them, and a field the request does not send is kept as it
 * is: never put back to its default or emptied. The rules that tie fields together are checked
 * on the row as it will be (what it holds, with what the request sent over it), so a change of
 * one field is still refused when it breaks a rule with another.
 */
import { z } from 'zod';
import { badRequest } from '../common/errors';

type Optional<T> = T extends z.ZodDefault<infer Inner> ? z.ZodOptional<Inner> : T extends z.core.SomeType ? z.ZodOptional<T> : never;

/**
 * The fields of an update: each one optional, with no default. (zod's own `.partial()` keeps a
 * field's default, so a field left out would be sent as its default and reset the stored value.)
 */
export function patchShape<S extends z.ZodRawShape>(shape: S): { [K in keyof S]: Optional<S[K]> } {
  const entries = Object.entries(shape).map(([key, field]) => [
    key,
    z.optional(field instanceof z.ZodDefault ? field.removeDefault() : field),
  ]);
  return Object.fromEntries(entries) as { [K in keyof S]: Optional<S[K]> };
}

/** The fields an update sent (a field given as undefined was not sent). */
export function sentFields<T extends object>(patch: Partial<T>): (keyof T)[] {
  return (Object.keys(patch) as (keyof T)[]).filter((key) => patch[key] !== undefined);
}

/** The row as it will be: what it holds, with each field the update sent in place of its own. */
export function applyPatch<T extends object>(current: T, patch: Partial<T>): T {
  const next = { ...current };
  for (const key of sentFields(patch)) next[key] = patch[key] as T[typeof key];
  return next;
}

interface RuleIssue {
  /** The field the rule names, dotted (`sale.price`). */
  field: string;
  message: string;
}

/** A schema's rule that ties fields together (what `superRefine` takes). */
type FieldRule<T> = (value: T, ctx: z.RefinementCtx) => void;

/** What a rule finds wrong with a whole value, outside a schema: for the row as an update will leave it. */
export function ruleIssues<T>(rule: FieldRule<T>, value: T): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const ctx = {
    value,
    addIssue: (issue: string | { path?: PropertyKey[]; message?: string }) => {
      if (typeof issue === 'string') issues.push({ field: 'request', message: issue });
      else issues.push({ field: (issue.path ?? []).map(String).join('.') || 'request', message: issue.message ?? 'is not valid' });
    },
  } as unknown as z.RefinementCtx;
  rule(value, ctx);
  return issues;
}

/** Refuses the row an update would leave when a rule finds it wrong (400, naming the field). */
export function checkRule<T>(rule: FieldRule<T>, value: T): void {
  const [first] = ruleIssues(rule, value);
  if (first) throw badRequest(first.field, first.message);
}
