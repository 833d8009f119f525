import type { BuiltinDecl } from './define.js';
import * as agent from './agent.js';
import * as context from './context.js';
import * as lists from './lists.js';
import { ifBuiltin } from './logic.js';
import * as math from './math.js';
import * as strings from './strings.js';
import * as time from './time.js';

function isDecl(v: unknown): v is BuiltinDecl {
  return v !== null && typeof v === 'object' && 'overloads' in v && 'name' in v && 'doc' in v;
}

const all: BuiltinDecl[] = [ifBuiltin, ...[context, time, math, strings, lists, agent].flatMap((m) => Object.values(m).filter(isDecl))];

/** Every builtin, by name. The checker, both evaluators, the editor and the docs read this one table. */
export const BUILTINS: ReadonlyMap<string, BuiltinDecl> = new Map(all.map((d) => [d.name, d]));

/** A function table: the builtins plus a host's own functions. */
export type FunctionTable = ReadonlyMap<string, BuiltinDecl>;
