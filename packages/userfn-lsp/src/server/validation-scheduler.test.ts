import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ValidationScheduler } from './validation-scheduler.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('ValidationScheduler', () => {
  test('a burst of changes is validated once, after the quiet time', () => {
    const runs: string[] = [];
    const s = new ValidationScheduler((uri) => runs.push(uri), { delayMs: 100, maxWaitMs: 1000 });
    for (let i = 0; i < 5; i++) {
      s.schedule('a');
      vi.advanceTimersByTime(50);
    }
    expect(runs).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(runs).toEqual(['a']);
  });

  test('documents are independent', () => {
    const runs: string[] = [];
    const s = new ValidationScheduler((uri) => runs.push(uri), { delayMs: 100, maxWaitMs: 1000 });
    s.schedule('a');
    s.schedule('b');
    vi.advanceTimersByTime(100);
    expect(runs.sort()).toEqual(['a', 'b']);
  });

  test('edits that never pause are still validated after maxWait', () => {
    const runs: string[] = [];
    const s = new ValidationScheduler((uri) => runs.push(uri), { delayMs: 100, maxWaitMs: 300 });
    for (let i = 0; i < 10; i++) {
      s.schedule('a');
      vi.advanceTimersByTime(60);
    }
    expect(runs.length).toBeGreaterThanOrEqual(1);
  });

  test('cancel and dispose drop pending work', () => {
    const runs: string[] = [];
    const s = new ValidationScheduler((uri) => runs.push(uri), { delayMs: 100, maxWaitMs: 1000 });
    s.schedule('a');
    s.cancel('a');
    s.schedule('b');
    s.dispose();
    vi.advanceTimersByTime(1000);
    expect(runs).toEqual([]);
  });
});
