/**
 * Copies of the core, one per expression: the measure of what "code per
 * expression" would give without writing a code generator (issue 18).
 *
 * V8 keeps a property-load site's feedback (its inline cache) per function
 * literal, so every expression a process compiles runs through the same few
 * closure bodies, and their sites see every expression's names and context
 * shapes. Code generated per expression would give each expression sites of
 * its own. Loading the core once per expression does the same with the code
 * that ships: each module instance has its own function literals, so an
 * expression compiled by its own copy has its own inline caches and nothing
 * else changes (same closures, same checks, same results).
 *
 * The copies come from a one-file build of the core's sources (the package's
 * entry is split into chunks that every import would share), written under
 * bench/ so that its imports (yaml, date-fns, re2js) resolve.
 */
import { rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const CORE = new URL('../../packages/userfn-core/', import.meta.url);

/**
 * `n` copies of the core: a one-file build of its sources, imported `n` times
 * (a query string makes each import a module of its own). The build goes to a
 * directory of this process's own under bench/.core-copies/ (two runs at once
 * must not empty each other's), removed once the copies are loaded.
 */
export async function loadCoreCopies(n) {
  const dir = new URL(`../.core-copies/${process.pid}/`, import.meta.url);
  const { build } = await import('vite');
  try {
    await build({
      configFile: false,
      root: fileURLToPath(CORE),
      logLevel: 'warn',
      build: {
        ssr: true,
        outDir: fileURLToPath(dir),
        emptyOutDir: true,
        target: 'node20',
        minify: false,
        rollupOptions: {
          input: { core: fileURLToPath(new URL('src/index.ts', CORE)) },
          // topLevelVar: false, as in the package's bundles (Vite's default var is slower to read)
          output: { format: 'es', entryFileNames: '[name].js', codeSplitting: false, topLevelVar: false },
        },
      },
      // as in the package's own entries (vite.bundle.config.ts --mode lib)
      ssr: { noExternal: ['chevrotain', /^@chevrotain\//, 'lodash-es'] },
    });
    const copies = [];
    for (let i = 0; i < n; i++) copies.push(await import(`${new URL('core.js', dir).href}?copy=${i}`));
    return copies;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
