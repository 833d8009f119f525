import { defineConfig } from 'vite';
import { thirdPartyNotices } from './scripts/notices.js';

const notices = thirdPartyNotices();

// No aliases or shims: @userfn/core's entry is browser-safe (its test/entries.test.ts).
// A relative base, so dist/ can be hosted under any path (or opened from any static server).
export default defineConfig({
  base: './',
  build: {
    outDir: 'dist',
    target: 'es2022',
    // Monaco alone is a few MB: the warning would only be noise.
    chunkSizeWarningLimit: 6000,
    sourcemap: false,
  },
  // the licenses of everything the page and its workers bundle, beside them (scripts/notices.ts)
  plugins: [notices.main],
  worker: { format: 'es', plugins: () => [notices.worker] },
});
