import { useState } from 'react';
import { changeError } from '../api/admin-api';

/** One form's change in flight: busy while it runs, then a notice or the error in Japanese. */
export function useChange() {
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Runs the change; `describe` says a failure in Japanese (the server's field errors by default). */
  async function run<T>(work: () => Promise<T>, done: (result: T) => string | null, describe: (error: unknown) => string = changeError): Promise<T | null> {
    setBusy(true);
    setNotice(null);
    setError(null);
    try {
      const result = await work();
      setNotice(done(result));
      return result;
    } catch (e) {
      setError(describe(e));
      return null;
    } finally {
      setBusy(false);
    }
  }
  /** A notice with no change made (there was nothing to send). */
  function say(message: string) {
    setError(null);
    setNotice(message);
  }
  return { busy, notice, error, run, say };
}
