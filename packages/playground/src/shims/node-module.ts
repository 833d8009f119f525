/**
 * Browser stand-in for `node:module`, for one use: the core's YAML rule-set
 * reader loads the `yaml` package lazily with `createRequire(import.meta.url)('yaml')`,
 * which does not exist in a browser. This gives it the same package, bundled.
 * Wired in vite.config.ts; remove it once the core loads YAML without Node.
 */
import * as yaml from 'yaml';

const MODULES: Readonly<Record<string, unknown>> = { yaml };

/** A `require` that knows only the packages above. */
export function createRequire(_from: string | URL): (id: string) => unknown {
  return (id: string) => {
    if (id in MODULES) return MODULES[id];
    throw new Error(`'${id}' cannot be loaded in the browser`);
  };
}
