/** What one thread did in a batch run. Times are epoch milliseconds. */
export interface ThreadActivity {
  /** 0 is the thread that reads and writes (it verifies too); 1, 2, … the worker threads. */
  readonly thread: number;
  /** When a worker had loaded its code (workers only: they load it while the main thread loads the CLI). */
  readonly loadedAt?: number;
  /** When it could verify: its rule set built. Absent for a worker that never got ready. */
  readonly readyAt?: number;
  readonly chunks: number;
  /** Time spent verifying its chunks. */
  readonly busyMs: number;
}

/** Where a batch run's time went, thread by thread: to see whether more threads pay off (`userfn verify --timeline`). */
export interface BatchTimeline {
  readonly threads: readonly ThreadActivity[];
  readonly doneAt: number;
}

/** Counts of one thread, filled in as the run goes. */
export interface ThreadCounter {
  loadedAt?: number;
  readyAt?: number;
  chunks: number;
  busyMs: number;
}

export const newCounter = (): ThreadCounter => ({ chunks: 0, busyMs: 0 });

const ms = (t: number, origin: number) => `${Math.round(t - origin)} ms`;

/**
 * The timeline as text, times counted from `origin` (the CLI gives the
 * process start), one line per thread:
 *   main thread: ready at 142 ms, verified 91 chunks in 335 ms
 *   worker 1: loaded at 58 ms, ready at 174 ms, verified 105 chunks in 442 ms
 *   done at 674 ms
 */
export function formatTimeline(t: BatchTimeline, origin: number): string {
  let text = '';
  for (const a of t.threads) {
    const parts = [];
    if (a.loadedAt !== undefined) parts.push(`loaded at ${ms(a.loadedAt, origin)}`);
    parts.push(a.readyAt !== undefined ? `ready at ${ms(a.readyAt, origin)}` : 'never ready');
    parts.push(`verified ${a.chunks} chunk${a.chunks === 1 ? '' : 's'} in ${Math.round(a.busyMs)} ms`);
    text += `${a.thread === 0 ? 'main thread' : `worker ${a.thread}`}: ${parts.join(', ')}\n`;
  }
  return `${text}done at ${ms(t.doneAt, origin)}\n`;
}
