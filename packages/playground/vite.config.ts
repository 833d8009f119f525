import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// A relative base, so dist/ can be hosted under any path (or opened from any static server).
export default defineConfig({
  base: './',
  resolve: {
    alias: {
      // The core reads YAML rule sets through createRequire: see src/shims/node-module.ts.
      'node:module': fileURLToPath(new URL('./src/shims/node-module.ts', import.meta.url)),
      // The core's batch worker pool, never used by the page: see src/shims/node-worker-threads.ts.
      'node:worker_threads': fileURLToPath(new URL('./src/shims/node-worker-threads.ts', import.meta.url)),
    },
  },
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Monaco alone is a few MB: the warning would only be noise.
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
  },
  worker: { format: 'es' },
});
