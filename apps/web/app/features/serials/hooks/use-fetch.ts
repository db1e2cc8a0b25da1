import { useCallback, useEffect, useRef, useState } from 'react';

export type FetchState<T> = { status: 'loading' } | { status: 'failed'; error: unknown } | { status: 'ready'; data: T };

/**
 * Runs `load` in the browser when `key` changes; `reload` runs it again. With `initial` (what
 * the route's loader rendered on the server) the first load is skipped.
 */
export function useFetch<T>(key: string | null, load: () => Promise<T>, initial?: T): FetchState<T> & { reload: () => void } {
  const [state, setState] = useState<FetchState<T>>(initial === undefined ? { status: 'loading' } : { status: 'ready', data: initial });
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  // Data rendered by the server's loader is used as is; the browser loads only on reload().
  const fromLoader = useRef(initial !== undefined);
  useEffect(() => {
    if (key === null) return;
    if (fromLoader.current) {
      fromLoader.current = false;
      return;
    }
    let live = true;
    load().then(
      (data) => live && setState({ status: 'ready', data }),
      (error: unknown) => live && setState({ status: 'failed', error }),
    );
    return () => {
      live = false;
    };
    // `load` is recreated on each render; `key` names what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, attempt]);
  return { ...state, reload };
}
