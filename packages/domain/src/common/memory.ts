/**
 * A bounded memory for a pure computation asked again and again with the same keys (dates and
 * cover srcsets that every page render writes): `remember(key, compute)` answers the value kept
 * for `key`, or computes and keeps it. Once `limit` values are kept it forgets them all, which
 * costs less per call than tracking which one is oldest.
 */
export function boundedMemory<K, V>(limit: number): (key: K, compute: () => V) => V {
  const kept = new Map<K, V>();
  return (key, compute) => {
    let value = kept.get(key);
    if (value === undefined) {
      value = compute();
      if (kept.size >= limit) kept.clear();
      kept.set(key, value);
    }
    return value;
  };
}
