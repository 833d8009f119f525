import { defineConfig } from 'vite';

/**
 * The `userfn` executable and its batch worker as self-contained ES modules:
 * loading Chevrotain's (and lodash-es's) hundreds of modules one by one costs
 * ~0.5 s at every CLI start and in every worker; one bundle loads in a fraction.
 * The library entry (dist/index.js) stays unbundled for applications to bundle themselves.
 *
 * The chunks follow the entries' imports: the executable (userfn.js) first
 * loads only a small chunk (it starts `verify`'s worker threads) and then
 * the CLI; the worker loads only the verifying code, not the parser nor the
 * CLI (about 510 KB instead of 970 KB: src/node/batch/worker-bundle.test.ts).
 */
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'dist/bundle',
    emptyOutDir: true,
    target: 'node20',
    minify: false,
    sourcemap: false,
    rollupOptions: {
      input: { userfn: 'src/node/cli/bin.ts', worker: 'src/node/batch/worker.ts' },
      output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js' },
    },
  },
  ssr: { noExternal: true },
  logLevel: 'warn',
});
