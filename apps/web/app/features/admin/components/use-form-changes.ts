import { useCallback, useRef } from 'react';

/** Reads a form's fields as the API takes them (the same reader for the form as shown and as sent). */
export type FieldReader<T extends object> = (data: FormData) => T;

/** The fields whose value differs between two readings of a form (compared as JSON: a sale is one field). */
export function changedFields<T extends object>(before: T, after: T): Partial<T> {
  const changed: Partial<T> = {};
  for (const key of Object.keys(after) as (keyof T)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) changed[key] = after[key];
  }
  return changed;
}

/**
 * What an edit form changed since it was shown: its fields are read once when the form mounts
 * (`formRef`) and again at submit, and only those that differ are sent, so a save changes only
 * what the operator changed (the server keeps every field a save leaves out, `admin-edits.ts`).
 * Give the form a `key` that moves with the row's version: a form shown again reads afresh.
 */
export function useFormChanges() {
  const shown = useRef<{ form: HTMLFormElement; data: FormData } | null>(null);
  const formRef = useCallback((form: HTMLFormElement | null) => {
    if (form && shown.current?.form !== form) shown.current = { form, data: new FormData(form) };
  }, []);

  /** The fields changed on `form` since it was shown (every field when it was not seen mounting). */
  function changes<T extends object>(form: HTMLFormElement, read: FieldReader<T>): Partial<T> {
    const now = read(new FormData(form));
    return shown.current?.form === form ? changedFields(read(shown.current.data), now) : now;
  }
  return { formRef, changes };
}

/** Nothing to send: the form is as it was shown. */
export const unchanged = (changes: object) => Object.keys(changes).length === 0;
