/**
 * Worker threads started at CLI start. Light on purpose (it imports only
 * the pool): the executable loads it before the core, so the workers load
 * their own code while the main thread loads the core and the rule set.
 */
import { WorkerPool } from './pool.js';

/** The worker entry beside this module (dist/node/batch/worker.js, or dist/bundle/worker.js in the bundle). */
export const WORKER_URL = new URL('./worker.js', import.meta.url);

/**
 * Worker threads for `threads` verifying threads: the main thread verifies
 * too (it is warm first, and it would otherwise wait for the workers), so
 * one fewer. More threads than cores only share the cores: on 2 cores, 2
 * workers beside the main thread made a run slower than the main thread alone.
 */
export function workerThreadsFor(threads: number): number {
  return threads - 1;
}

let early: WorkerPool | undefined;

/** Starts `count` worker threads now; they wait for `WorkerPool.init`. */
export function startWorkersEarly(count: number, entry: URL = WORKER_URL): void {
  if (early || count < 1) return;
  early = new WorkerPool(count, entry);
}

/** Takes the early workers when there are `count` of them: the caller owns them from now on (and closes them). */
export function claimEarlyWorkers(count: number): WorkerPool | undefined {
  if (!early || early.size !== count) return undefined;
  const pool = early;
  early = undefined;
  return pool;
}

/** Stops the early workers nobody claimed: the command stopped before verifying (bad usage, an invalid rule set). */
export async function closeUnclaimedWorkers(): Promise<void> {
  const pool = early;
  early = undefined;
  await pool?.close();
}
