/**
 * Starts page renders in the order their requests arrived, one per turn of the event loop.
 *
 * Node reads every socket that is ready when the loop polls and handles their requests before
 * it polls again. A request that arrives a moment after a poll therefore waits for the whole
 * batch read before it, then for its place in the next batch: with renders of a few
 * milliseconds at 10 connections, about one request in ten waited twice as long as the rest
 * (p99 ≈ 2 × the mean at the same throughput). Queued here, a render waits only for the renders
 * that arrived before it, because the loop polls between two renders and appends what came in.
 * Decision 011.
 *
 * Only the start is ordered: a render that awaits I/O (PostgreSQL) lets the next one start on
 * the next turn, so renders still overlap their database round trips.
 */
export class ArrivalOrder {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  /** Runs `work` after every render queued before it has started. */
  run<T>(work: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.waiting.push(() => {
        try {
          work().then(resolve, reject);
        } catch (error) {
          reject(error);
        }
      });
      if (!this.scheduled) this.schedule();
    });
  }

  /** Renders waiting to start. */
  get length(): number {
    return this.waiting.length;
  }

  private schedule() {
    this.scheduled = true;
    setImmediate(this.startNext);
  }

  private readonly startNext = () => {
    this.scheduled = false;
    const next = this.waiting.shift();
    if (this.waiting.length > 0) this.schedule();
    next?.();
  };
}
