import { defineConfig } from 'vite';

/**
 * Two builds of ES modules for Node, both from src/ (tsc's per-file dist/ is
 * what the tests run and where the type declarations come from):
 *
 * - default mode, dist/bundle: the `userfn` executable and its batch worker,
 *   self-contained. Loading Chevrotain's (and lodash-es's) hundreds of modules
 *   one by one costs ~0.5 s at every CLI start and in every worker; one
 *   bundle loads in a fraction. The chunks follow the entries' imports: the
 *   executable (userfn.js) first loads only a small chunk (it starts
 *   `verify`'s worker threads) and then the CLI; the worker loads only the
 *   verifying code, not the parser nor the CLI (about 510 KB instead of
 *   970 KB: src/node/batch/worker-bundle.test.ts).
 *
 * - `--mode lib`, dist/lib: the package's entries, `@userfn/core` and
 *   `@userfn/core/node`, with Chevrotain and its lodash-es inlined and every
 *   other dependency left an import. An embedding process paid ~400 ms to
 *   import `@userfn/core`, 290 of them loading Chevrotain's ~700 modules
 *   (Chevrotain publishes a one-file build, but its exports map does not
 *   expose it); the entry now loads in ~80 ms (bench/README.md, "Loading").
 *   The other dependencies are few files each and stay shared with the host.
 */
export default defineConfig(({ mode }) => {
  const lib = mode === 'lib';
  const input: Record<string, string> = lib
    ? { index: 'src/index.ts', node: 'src/node.ts', worker: 'src/node/batch/worker.ts' }
    : { userfn: 'src/node/cli/bin.ts', worker: 'src/node/batch/worker.ts' };
  return {
    build: {
      ssr: true,
      outDir: lib ? 'dist/lib' : 'dist/bundle',
      emptyOutDir: true,
      target: 'node20',
      minify: false,
      sourcemap: false,
      rollupOptions: {
        input,
        // topLevelVar: Vite turns top-level const into var by default; V8 folds a module's
        // const bindings (Object.getPrototypeOf, Object.prototype in the member steps) into the
        // optimized code and must reload a var on every use: a member read took 25% longer.
        output: { format: 'es', entryFileNames: '[name].js', chunkFileNames: 'shared-[hash].js', topLevelVar: false },
      },
    },
    ssr: { noExternal: lib ? ['chevrotain', /^@chevrotain\//, 'lodash-es'] : true },
    logLevel: 'warn',
  };
});
