import { type RefObject, useEffect, useId, useRef } from 'react';
import { ApiError } from './api/client';

/**
 * Form errors tied to their fields (WCAG 3.3.1, 4.1.2): an invalid field has
 * `aria-invalid="true"` and is described by its error message (before its own hint), a form's
 * failure is announced where it is shown (role="alert" or a live region), and a failed submit
 * puts the focus on the first invalid field. The store's `TextField` does the first from its
 * props; the console's native inputs get it from `useInvalidFields`.
 */

/** Ids for aria-describedby, in order and once each; undefined when there is none. */
export function describedBy(...ids: (string | null | undefined)[]): string | undefined {
  const list = [...new Set(ids.flatMap((id) => (id ? id.split(/\s+/) : [])).filter(Boolean))];
  return list.length > 0 ? list.join(' ') : undefined;
}

/** `field: reason` of a 400's messages (§8; `boxes.0.name` names `boxes`). */
const FIELD_MESSAGE = /^([A-Za-z_]\w*)(?:\.[\w.]*)?\s*:/;

/**
 * The fields a refused call named: a 400 names each in its messages (`field: reason`, spec §8:
 * BAD_REQUEST, and INVALID_CREDENTIALS or EMAIL_ALREADY_REGISTERED of the settings forms too).
 * Top-level names, in the server's order, once each.
 */
export function namedFields(error: unknown): string[] {
  if (!(error instanceof ApiError) || error.status !== 400) return [];
  const named = error.messages.map((m) => FIELD_MESSAGE.exec(m)?.[1]).filter((f): f is string => !!f && f !== 'request');
  return [...new Set(named)];
}

/** The controls of a form that can take focus and an error (not its buttons, not hidden fields). */
const fieldsOf = (form: HTMLFormElement) =>
  Array.from(form.elements).filter(
    (el): el is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
      (el instanceof HTMLInputElement && el.type !== 'hidden' && el.type !== 'submit' && el.type !== 'button') ||
      el instanceof HTMLSelectElement ||
      el instanceof HTMLTextAreaElement,
  );

/** Moves the focus to the first invalid field of the form, if any; true when it did. */
function focusFirstInvalid(form: HTMLFormElement | null): boolean {
  const first = form ? fieldsOf(form).find((el) => el.getAttribute('aria-invalid') === 'true') : undefined;
  first?.focus();
  return !!first;
}

/**
 * After each failed submit (`failure` set anew: the action's data, the mutation's error), the
 * focus goes to the first field the failure made invalid. For forms whose fields say their
 * errors through their props (`TextField`).
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, failure: unknown) {
  useEffect(() => {
    if (failure) focusFirstInvalid(form.current);
  }, [form, failure]);
}

/**
 * A store form that tells a refused call once, in its announced line (`Outcome`): `errorId` is
 * that line's id, `errorFor(name)` gives it to the fields the server named (`TextField`'s
 * `errorId`), and the focus goes to the first of them after each failure.
 */
export function useFormFailure(failure: unknown) {
  const form = useRef<HTMLFormElement>(null);
  const errorId = `${useId()}-error`;
  const fields = namedFields(failure);
  useFocusFirstInvalid(form, failure);
  return { formRef: form, errorId, errorFor: (name: string) => (fields.includes(name) ? errorId : undefined) };
}

/**
 * For forms of native inputs whose errors the form tells once (the console's editors): the
 * controls named in `fields` are marked `aria-invalid="true"` and described by `errorId` (the
 * message, after any description they had) and the first of them, in the form's order, takes
 * the focus. Each new `failure` does it again; the marks go when the fields or the form change.
 */
export function useInvalidFields(form: RefObject<HTMLFormElement | null>, fields: readonly string[], errorId: string, failure: unknown) {
  const key = fields.join(' ');
  useEffect(() => {
    const el = form.current;
    if (!el || key === '') return;
    const names = key.split(' ');
    const marked = fieldsOf(el).filter((control) => names.includes(control.name));
    const before = marked.map((control) => [control.getAttribute('aria-invalid'), control.getAttribute('aria-describedby')] as const);
    marked.forEach((control) => {
      control.setAttribute('aria-invalid', 'true');
      control.setAttribute('aria-describedby', describedBy(errorId, control.getAttribute('aria-describedby'))!);
    });
    marked[0]?.focus();
    return () =>
      marked.forEach((control, i) => {
        const [invalid, description] = before[i]!;
        restore(control, 'aria-invalid', invalid);
        restore(control, 'aria-describedby', description);
      });
  }, [form, key, errorId, failure]);
}

const restore = (el: Element, name: string, value: string | null) =>
  value === null ? el.removeAttribute(name) : el.setAttribute(name, value);
