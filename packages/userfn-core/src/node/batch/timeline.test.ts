import { describe, expect, it } from 'vitest';
import { formatTimeline } from './timeline.js';

describe('formatTimeline', () => {
  it('says when each worker had loaded its code, when each thread was ready, and what it verified, from the origin', () => {
    const t0 = 1_000_000;
    const text = formatTimeline(
      {
        threads: [
          { thread: 0, readyAt: t0 + 142.4, chunks: 91, busyMs: 335.2 },
          { thread: 1, loadedAt: t0 + 58, readyAt: t0 + 174, chunks: 1, busyMs: 4.6 },
          { thread: 2, loadedAt: t0 + 60, chunks: 0, busyMs: 0 },
        ],
        doneAt: t0 + 674,
      },
      t0,
    );
    expect(text).toBe(
      'main thread: ready at 142 ms, verified 91 chunks in 335 ms\n' +
        'worker 1: loaded at 58 ms, ready at 174 ms, verified 1 chunk in 5 ms\n' +
        'worker 2: loaded at 60 ms, never ready, verified 0 chunks in 0 ms\n' +
        'done at 674 ms\n',
    );
  });
});
