import { defineConfig } from 'vitest/config';
import SlowestReporter from '../test/vitest/slowest-reporter.mjs';

export default defineConfig({
  test: {
    // Budgets on this 2-core machine shared with other work (README: "Tests"): reported, never a failure.
    reporters: ['default', new SlowestReporter({ suiteSeconds: 30, perTestSeconds: 10 })],
  },
});
