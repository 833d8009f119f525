import { defineConfig } from 'vitest/config';
import SlowestReporter from '../../test/vitest/slowest-reporter.mjs';

export default defineConfig({
  test: {
    // Budgets on this 2-core machine shared with other work (README: "Tests"): reported, never a failure.
    reporters: ['default', new SlowestReporter({ suiteSeconds: 240, perTestSeconds: 60 })],
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
    // The end-to-end tests drive a real Chromium on a shared 2-core machine: be generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
