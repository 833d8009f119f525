import { defineConfig } from 'vitest/config';
import SlowestReporter from '../vitest/slowest-reporter.mjs';

export default defineConfig({
  test: {
    // Budgets on this 2-core machine shared with other work (README: "Tests that do not flake"): reported, never a failure.
    reporters: ['default', new SlowestReporter({ suiteSeconds: 480, perTestSeconds: 60 })],
    include: ['*.test.ts'],
    // a fresh clone runs npm ci and a build; packing installs into a new project
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // one at a time: each spawns npm, and the machine is shared
    fileParallelism: false,
  },
});
