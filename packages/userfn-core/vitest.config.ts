import { defineConfig } from 'vitest/config';
import SlowestReporter from '../../test/vitest/slowest-reporter.mjs';

export default defineConfig({
  test: {
    // Budgets on this 2-core machine shared with other work (README: "Tests"): reported, never a failure.
    reporters: ['default', new SlowestReporter({ suiteSeconds: 480, perTestSeconds: 20 })],
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // expect.poll waits for something that will happen (a server's log line, a reload):
    // its bound is how long to wait on a loaded machine, not a speed assertion (the default, 1 s, is).
    expect: { poll: { timeout: 30_000 } },
  },
});
