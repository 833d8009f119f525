import { describe, expect, it, vi } from 'vitest';
import { claimEarlyWorkers, closeUnclaimedWorkers, startWorkersEarly, workerThreadsFor } from './early-workers.js';
import { WorkerPool } from './pool.js';

const workerUrl = new URL('../../../dist/node/batch/worker.js', import.meta.url);

describe('early workers', () => {
  it('counts the main thread among the verifying threads', () => {
    expect([1, 2, 3, 8].map(workerThreadsFor)).toEqual([0, 1, 2, 7]);
  });

  it('hands the started workers to one caller asking for that many, once', async () => {
    startWorkersEarly(2, workerUrl);
    expect(claimEarlyWorkers(1)).toBeUndefined();
    const pool = claimEarlyWorkers(2);
    expect(pool).toBeInstanceOf(WorkerPool);
    expect(pool!.size).toBe(2);
    expect(claimEarlyWorkers(2)).toBeUndefined();
    await pool!.close();
  });

  it('closes the workers nobody claimed', async () => {
    const close = vi.spyOn(WorkerPool.prototype, 'close');
    startWorkersEarly(1, workerUrl);
    await closeUnclaimedWorkers();
    expect(close).toHaveBeenCalledTimes(1);
    expect(claimEarlyWorkers(1)).toBeUndefined();
    close.mockRestore();
  });

  it('starts nothing for no worker threads', () => {
    startWorkersEarly(0, workerUrl);
    expect(claimEarlyWorkers(0)).toBeUndefined();
  });
});
