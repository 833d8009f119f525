import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['*.test.ts'],
    // a fresh clone runs npm ci and a build; packing installs into a new project
    testTimeout: 600_000,
    hookTimeout: 600_000,
    // one at a time: each spawns npm, and the machine is shared
    fileParallelism: false,
  },
});
