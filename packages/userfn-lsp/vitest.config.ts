import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import SlowestReporter from '../../test/vitest/slowest-reporter.mjs';

export default defineConfig({
  resolve: {
    // service tests run against the core's sources: no build needed (the e2e tests use the built server)
    alias: { '@userfn/core': fileURLToPath(new URL('../userfn-core/src/index.ts', import.meta.url)) },
  },
  test: {
    // Budgets on this 2-core machine shared with other work (README: "Tests"): reported, never a failure.
    reporters: ['default', new SlowestReporter({ suiteSeconds: 90, perTestSeconds: 20 })],
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
