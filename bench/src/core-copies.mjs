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
  const { build, loadConfigFromFile } = await import('vite');
  // The package's own lib build (vite.bundle.config.ts --mode lib: what it inlines, its
  // output options), with one entry and no chunks: a copy reads as the shipped entry does.
  const { config } =
    (await loadConfigFromFile({ command: 'build', mode: 'lib' }, fileURLToPath(new URL('vite.bundle.config.ts', CORE)), fileURLToPath(CORE))) ?? {};
  if (!config?.build?.rollupOptions) throw new Error('vite.bundle.config.ts gave no build options');
  const output = { ...config.build.rollupOptions.output, codeSplitting: false };
  delete output.chunkFileNames;
  try {
    await build({
      ...config,
      configFile: false,
      root: fileURLToPath(CORE),
      build: {
        ...config.build,
        outDir: fileURLToPath(dir),
        rollupOptions: { ...config.build.rollupOptions, input: { core: fileURLToPath(new URL('src/index.ts', CORE)) }, output },
      },
    });
    const copies = [];
    for (let i = 0; i < n; i++) copies.push(await import(`${new URL('core.js', dir).href}?copy=${i}`));
    return copies;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
