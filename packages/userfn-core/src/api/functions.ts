import type { BuiltinInfo } from '../runtime/builtins/define.js';
import { functionTable as tableWith, type HostFunctions } from '../runtime/builtins/host.js';
import { BUILTINS as ALL_BUILTINS } from '../runtime/builtins/registry.js';

/*
 * The function tables as users see them: what each function declares
 * (signatures, docs, examples), not how it runs. The declarations behind
 * them also carry implementations and hooks typed on the package's runtime,
 * which stay inside the package.
 */

/** Functions by name: the builtins, plus a host's own. */
export type FunctionTable = ReadonlyMap<string, BuiltinInfo>;

/** Every builtin, by name. */
export const BUILTINS: FunctionTable = ALL_BUILTINS;

/** The builtins plus the host's functions, as a compile with `functions: host` sees them. Throws an Error naming the problem for a malformed declaration. */
export function functionTable(host?: HostFunctions): FunctionTable {
  return tableWith(host);
}
