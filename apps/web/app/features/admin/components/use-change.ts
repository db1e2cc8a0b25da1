import { useCallback, useId, useRef, useState } from 'react';
import { namedFields, useInvalidFields } from '../../../lib/form-errors';
import { changeError } from '../api/admin-api';

/** One form's change in flight: busy while it runs, then a notice or the error in Japanese. */
export function useChange() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The last failure itself (a new one each time, so its fields take the focus again) and the fields it named.
  const [failure, setFailure] = useState<{ fields: string[] } | null>(null);
  /** Runs the change; `describe` says a failure in Japanese (the server's field errors by default). */
  async function run<T>(
    work: () => Promise<T>,
    done: (result: T) => string | null,
    describe: (error: unknown) => string = changeError,
  ): Promise<T | null> {
    setBusy(true);
    setNotice(null);
    setError(null);
    setFailure(null);
    try {
      const result = await work();
      setNotice(done(result));
      return result;
    } catch (e) {
      setError(describe(e));
      setFailure({ fields: namedFields(e) });
      return null;
    } finally {
      setBusy(false);
    }
  }
  /** A notice with no change made (there was nothing to send). */
  function say(message: string) {
    setError(null);
    setFailure(null);
    setNotice(message);
  }
  return { busy, notice, error, failure, run, say };
}

/**
 * A change's form with its failure tied to its fields: `ref` goes on the form (with the caller's
 * own `formRef`, if any, e.g. `useFormChanges`), `errorId` on the change's status line
 * (`ChangeStatus`); the fields the server named are marked invalid, described by that line,
 * and the first takes the focus (`useInvalidFields`).
 */
export function useChangeForm(change: { failure: { fields: string[] } | null }, formRef?: (form: HTMLFormElement | null) => void) {
  const form = useRef<HTMLFormElement | null>(null);
  const ref = useCallback(
    (el: HTMLFormElement | null) => {
      form.current = el;
      formRef?.(el);
    },
    [formRef],
  );
  const errorId = `${useId()}-error`;
  useInvalidFields(form, change.failure?.fields ?? [], errorId, change.failure);
  return { ref, errorId };
}
