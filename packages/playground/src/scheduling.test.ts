import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { debounce, latestOnly } from './scheduling.js';

describe('debounce', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs once after the last call; flush runs now; cancel drops it', () => {
    const fn = vi.fn();
    const d = debounce(fn, 100);
    d();
    vi.advanceTimersByTime(60);
    d();
    vi.advanceTimersByTime(60);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(40);
    expect(fn).toHaveBeenCalledTimes(1);
    d();
    d.flush();
    expect(fn).toHaveBeenCalledTimes(2);
    d();
    d.cancel();
    vi.advanceTimersByTime(500);
    expect(fn).toHaveBeenCalledTimes(2);
  });

  it('reads a computed delay at each call', () => {
    const fn = vi.fn();
    let delay = 10;
    const d = debounce(fn, () => delay);
    delay = 1000;
    d();
    vi.advanceTimersByTime(999);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledOnce();
  });
});

describe('latestOnly', () => {
  it('runs one job at a time and collapses the requests made meanwhile into one more run', async () => {
    const started: number[] = [];
    let release: () => void = () => undefined;
    let n = 0;
    const run = latestOnly(async () => {
      started.push(++n);
      await new Promise<void>((r) => (release = r));
    });
    const first = run();
    void run();
    void run();
    expect(started).toEqual([1]);
    release();
    await Promise.resolve();
    await new Promise((r) => setTimeout(r, 0));
    expect(started).toEqual([1, 2]);
    release();
    await first;
    expect(started).toEqual([1, 2]);
  });

  it('keeps going after a failed run', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let calls = 0;
    const run = latestOnly(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    });
    await run();
    await run();
    expect(calls).toBe(2);
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
