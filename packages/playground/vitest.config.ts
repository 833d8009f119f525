import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'scripts/**/*.test.ts', 'e2e/**/*.test.ts'],
    // The end-to-end tests drive a real Chromium on a shared 2-core machine: be generous.
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
