import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // service tests run against the core's sources: no build needed (the e2e tests use the built server)
    alias: { '@userfn/core': fileURLToPath(new URL('../userfn-core/src/index.ts', import.meta.url)) },
  },
  test: {
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
  },
});
