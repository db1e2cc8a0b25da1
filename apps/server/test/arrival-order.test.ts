import { describe, expect, it } from 'vitest';
import { ArrivalOrder } from '../src/web/arrival-order';

/** Resolves after the event loop has run its check phase once more. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('page renders started in arrival order (decision 011)', () => {
  it('starts one render per turn of the event loop, first come first started', async () => {
    const order = new ArrivalOrder();
    const started: string[] = [];
    const done = ['a', 'b', 'c'].map((name) =>
      order.run(async () => {
        started.push(name);
        return name;
      }),
    );
    expect(started).toEqual([]);
    expect(order.length).toBe(3);
    await nextTurn();
    expect(started).toEqual(['a']);
    await nextTurn();
    expect(started).toEqual(['a', 'b']);
    expect(await Promise.all(done)).toEqual(['a', 'b', 'c']);
    expect(order.length).toBe(0);
  });

  it('lets a request that arrives between two renders in behind those already waiting', async () => {
    const order = new ArrivalOrder();
    const started: string[] = [];
    const run = (name: string) =>
      order.run(async () => {
        started.push(name);
      });
    const first = [run('a'), run('b')];
    await nextTurn();
    const late = run('late');
    await Promise.all([...first, late]);
    expect(started).toEqual(['a', 'b', 'late']);
  });

  it('does not wait for a render that awaits I/O before starting the next one', async () => {
    const order = new ArrivalOrder();
    let release!: () => void;
    const slow = order.run(() => new Promise<string>((resolve) => (release = () => resolve('slow'))));
    const fast = order.run(async () => 'fast');
    expect(await fast).toBe('fast');
    release();
    expect(await slow).toBe('slow');
  });

  it('passes a render failure, thrown or rejected, to its caller only', async () => {
    const order = new ArrivalOrder();
    const thrown = order.run(() => {
      throw new Error('thrown');
    });
    const rejected = order.run(async () => {
      throw new Error('rejected');
    });
    const fine = order.run(async () => 'fine');
    await expect(thrown).rejects.toThrow('thrown');
    await expect(rejected).rejects.toThrow('rejected');
    expect(await fine).toBe('fine');
  });
});
