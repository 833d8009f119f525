import { Worker } from 'node:worker_threads';
import type { BatchStats } from './stats.js';
import { newCounter, type ThreadActivity, type ThreadCounter } from './timeline.js';
import type { WorkerInbound, WorkerInit, WorkerMessage, WorkerTask } from './worker-protocol.js';

/** A chunk's output as UTF-8, and its counts. */
export interface PoolResult {
  readonly output: Uint8Array;
  readonly stats: BatchStats;
}

interface Slot {
  readonly worker: Worker;
  /** Set when the worker has built the rule set. */
  ready: boolean;
  busy: number;
  readonly counter: ThreadCounter;
}

interface Waiter {
  readonly slot: Slot;
  readonly resolve: (r: PoolResult) => void;
  readonly reject: (e: Error) => void;
}

/**
 * Chunks queued on one worker. Three, not fewer: the main thread hands out
 * chunks only between the chunks it verifies itself, and a worker whose
 * queue ran dry meanwhile would wait (measured: with two, the worker idled
 * while the main thread verified). Not more: at the end of the input the
 * main thread waits for every queued chunk.
 */
const QUEUE_PER_WORKER = 3;

/**
 * Worker threads that turn chunks into output. They start at construction,
 * before the rule set is known, and verify once `init` gave it to them.
 * Results come back by sequence number, in whatever order the workers finish
 * (the caller restores input order). A failed or crashed worker fails every
 * pending chunk, and every chunk sent after.
 */
export class WorkerPool {
  private readonly slots: Slot[] = [];
  private readonly waiting = new Map<number, Waiter>();
  private failure: Error | undefined;
  private closing = false;

  constructor(size: number, entry: URL) {
    for (let i = 0; i < size; i++) {
      const slot: Slot = { worker: new Worker(entry), ready: false, busy: 0, counter: newCounter() };
      slot.worker.on('message', (m: WorkerMessage) => {
        if ('ready' in m) {
          slot.ready = true;
          slot.counter.loadedAt = m.loadedAt;
          slot.counter.readyAt = m.readyAt;
        } else this.settle(m);
      });
      slot.worker.on('error', (e) => this.fail(e));
      slot.worker.on('exit', (code) => {
        if (!this.closing) this.fail(new Error(`a verify worker stopped unexpectedly (exit code ${code})`));
      });
      this.slots.push(slot);
    }
  }

  /** The number of worker threads. */
  get size(): number {
    return this.slots.length;
  }

  /** Gives every worker the rule set and the run's settings; chunks may be sent right after. */
  init(init: WorkerInit): void {
    for (const s of this.slots) s.worker.postMessage({ init } satisfies WorkerInbound);
  }

  /** Sends a chunk to the least busy worker, ready or not (a starting worker queues it). */
  run(chunk: WorkerTask): Promise<PoolResult> {
    return this.send(
      this.slots.reduce((a, b) => (b.busy < a.busy ? b : a)),
      chunk,
    );
  }

  /**
   * Sends a chunk to a ready worker with room in its queue, or returns
   * undefined when there is none (the caller verifies the chunk itself, so
   * work goes on while workers start). A pool that failed rejects.
   */
  tryRun(chunk: WorkerTask): Promise<PoolResult> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    let best: Slot | undefined;
    for (const s of this.slots) if (s.ready && s.busy < QUEUE_PER_WORKER && (!best || s.busy < best.busy)) best = s;
    return best ? this.send(best, chunk) : undefined;
  }

  /** What each worker did so far (thread numbers from `firstThread`). */
  activity(firstThread: number): ThreadActivity[] {
    return this.slots.map((s, i) => ({ thread: firstThread + i, ...s.counter }));
  }

  /** Stops every worker. */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }

  private send(slot: Slot, chunk: WorkerTask): Promise<PoolResult> {
    if (this.failure) return Promise.reject(this.failure);
    slot.busy++;
    return new Promise((resolve, reject) => {
      this.waiting.set(chunk.seq, { slot, resolve, reject });
      const task: WorkerTask = { seq: chunk.seq, firstLine: chunk.firstLine, bytes: chunk.bytes };
      // The bytes move to the worker without a copy.
      slot.worker.postMessage(task satisfies WorkerInbound, [chunk.bytes.buffer as ArrayBuffer]);
    });
  }

  private settle(reply: Exclude<WorkerMessage, { ready: true }>): void {
    const w = this.waiting.get(reply.seq);
    if (!w) return;
    this.waiting.delete(reply.seq);
    w.slot.busy--;
    if ('error' in reply) {
      w.reject(new Error(`a verify worker failed: ${reply.error}`));
      return;
    }
    w.slot.counter.chunks++;
    w.slot.counter.busyMs += reply.ms;
    w.resolve({ output: reply.output, stats: reply.stats });
  }

  private fail(e: Error): void {
    this.failure ??= e;
    for (const w of this.waiting.values()) w.reject(e);
    this.waiting.clear();
  }
}
