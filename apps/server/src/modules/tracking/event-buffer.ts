/** Why an event was not written. */
type DropReason = 'full' | 'write_failed' | 'closed';

export interface EventBufferOptions<E> {
  /** Writes one batch (at most `batchSize` events); a rejection drops the batch. */
  write: (batch: E[]) => Promise<void>;
  /** Events held at most; a push beyond it is dropped and counted. */
  capacity?: number;
  /** A batch is written as soon as this many wait, and no batch is larger. */
  batchSize?: number;
  /** Milliseconds between timed flushes of what waits. */
  intervalMs?: number;
  onError?: (error: unknown, dropped: number) => void;
}

interface EventBufferStats {
  buffered: number;
  written: number;
  dropped: Record<DropReason, number>;
}

/**
 * Holds events in memory and writes them in batches, off the request path: on a timer, and as
 * soon as a batch's worth waits. Bounded: when `capacity` events wait (the database is slow or
 * down), further events are dropped and counted, never queued without end. `close()` stops the
 * timer and writes what is left (process shutdown).
 */
export class EventBuffer<E> {
  readonly capacity: number;
  readonly batchSize: number;
  private queue: E[] = [];
  private flushing: Promise<void> | null = null;
  private closed = false;
  private readonly timer: NodeJS.Timeout;
  private readonly counts: EventBufferStats = { buffered: 0, written: 0, dropped: { full: 0, write_failed: 0, closed: 0 } };

  constructor(private readonly options: EventBufferOptions<E>) {
    this.capacity = options.capacity ?? 20_000;
    this.batchSize = options.batchSize ?? 500;
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 1000);
    this.timer.unref();
  }

  /** Takes an event; false (and counted) when it is dropped. Never waits. */
  push(event: E): boolean {
    if (this.closed) return this.drop('closed', 1);
    if (this.queue.length >= this.capacity) return this.drop('full', 1);
    this.queue.push(event);
    if (this.queue.length >= this.batchSize && !this.flushing) setImmediate(() => void this.flush());
    return true;
  }

  stats(): EventBufferStats {
    return { ...this.counts, buffered: this.queue.length, dropped: { ...this.counts.dropped } };
  }

  /** Writes what waits now, a batch at a time; a flush in progress is joined, not doubled. */
  flush(): Promise<void> {
    this.flushing ??= this.writeAll().finally(() => (this.flushing = null));
    return this.flushing;
  }

  /** Stops the timer, refuses new events and writes every one that waits. */
  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    while (this.queue.length > 0 || this.flushing) await this.flush();
  }

  private async writeAll(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, this.batchSize);
      try {
        await this.options.write(batch);
        this.counts.written += batch.length;
      } catch (error) {
        this.drop('write_failed', batch.length);
        this.options.onError?.(error, batch.length);
      }
    }
  }

  private drop(reason: DropReason, n: number): false {
    this.counts.dropped[reason] += n;
    return false;
  }
}
