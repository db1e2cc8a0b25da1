import { describe, expect, it } from 'vitest';
import { boundedMemory } from './memory';

describe('boundedMemory', () => {
  it('computes a key once while it is kept, and again after the memory fills and forgets', () => {
    const remember = boundedMemory<number, string>(3);
    const computed: number[] = [];
    const ask = (key: number) => remember(key, () => (computed.push(key), `v${key}`));
    expect([ask(1), ask(2), ask(1), ask(3)]).toEqual(['v1', 'v2', 'v1', 'v3']);
    expect(computed).toEqual([1, 2, 3]);
    expect(ask(4)).toBe('v4'); // full: forgets 1–3, keeps 4
    expect(ask(1)).toBe('v1');
    expect(computed).toEqual([1, 2, 3, 4, 1]);
  });
});
