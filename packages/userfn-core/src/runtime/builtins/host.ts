import { Codes } from '../../common/diagnostics/codes.js';
import { OptionError } from '../../common/diagnostics/option-error.js';
import { BareFault } from '../core/fault.js';
import { valueFits } from './dispatch.js';
import { typeName, type Value } from '../../common/values/values.js';
import { parseTypeName, typeToString, type Type } from '../../common/types/type.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { defineBuiltin, nullAwareOverload, overload, type BuiltinDecl, type Overload } from './define.js';
import { BUILTINS, type FunctionTable } from './registry.js';

/** A host's own function, declared with typed signatures so the checker and editor see it like a builtin. */
export interface HostFunction {
  /** Type names: `number`, `string`, `boolean`, `datetime`, `duration`, `list`, `list<number>`, `object`, `any`. Default: one signature `(...args: any) -> any`. */
  readonly signatures?: ReadonlyArray<{ readonly params: readonly string[]; readonly rest?: string; readonly returns: string }>;
  readonly doc?: string;
  /** Receive null arguments (default: a null argument makes the call return null without calling the host). */
  readonly nullAware?: boolean;
  /** Called with UserFn values; must return a UserFn value (JSON value, Datetime or Duration). */
  readonly impl: (...args: Value[]) => unknown;
}

export type HostFunctions = Readonly<Record<string, HostFunction>>;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function typeOf(text: string, where: string): Type {
  const t = parseTypeName(text);
  if (!t) throw new OptionError(`${where}: unknown type '${text}'`);
  return t;
}

/** A host result must be a UserFn value: anything else (a function, NaN, a class instance) is a runtime error. */
function checkResult(v: unknown, name: string, depth = 0): Value {
  if (v === undefined || v === null) return null;
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      if (!Number.isFinite(v)) throw new BareFault(Codes.NonFinite, `host function ${name} returned a non-finite number`);
      return v;
    case 'object': {
      if (v instanceof Datetime || v instanceof Duration) return v;
      if (depth > 64) throw new BareFault(Codes.HostFunctionFailed, `host function ${name} returned a value nested too deeply`);
      if (Array.isArray(v)) {
        for (const x of v) checkResult(x, name, depth + 1);
        return v as Value;
      }
      const proto = Object.getPrototypeOf(v);
      if (proto === Object.prototype || proto === null) {
        for (const x of Object.values(v)) checkResult(x, name, depth + 1);
        return v as Value;
      }
      break;
    }
  }
  throw new BareFault(Codes.HostFunctionFailed, `host function ${name} returned a ${typeof v} that is not a UserFn value`);
}

function hostDecl(name: string, fn: HostFunction): BuiltinDecl {
  if (!NAME.test(name)) throw new OptionError(`host function name '${name}' is not a valid function name`);
  if (BUILTINS.has(name)) throw new OptionError(`host function '${name}' would hide the builtin of that name`);
  if (typeof fn?.impl !== 'function') throw new OptionError(`host function '${name}' has no impl`);
  const call = (args: readonly Value[], returns: Type): Value => {
    let out: unknown;
    try {
      out = fn.impl(...args);
    } catch (e) {
      throw new BareFault(Codes.HostFunctionFailed, `host function ${name} failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const v = checkResult(out, name);
    if (v !== null && !valueFits(v, returns)) {
      throw new BareFault(Codes.HostFunctionFailed, `host function ${name} returned a ${typeName(v)} but declares ${typeToString(returns)}`);
    }
    return v;
  };
  const sigs = fn.signatures ?? [{ params: [], rest: 'any', returns: 'any' }];
  const overloads: Overload[] = sigs.map((s, i) => {
    const where = `host function '${name}' signature ${i + 1}`;
    const returns = typeOf(s.returns, where);
    const o = {
      params: s.params.map((t, j) => ({ name: `arg${j + 1}`, type: typeOf(t, where) })),
      returns,
      impl: (args: readonly Value[]) => call(args, returns),
      ...(s.rest !== undefined ? { rest: { name: 'more', type: typeOf(s.rest, where) } } : {}),
    };
    return fn.nullAware ? nullAwareOverload(o) : overload(o);
  });
  return defineBuiltin({
    name,
    category: 'host',
    doc: fn.doc ?? `A host function.`,
    overloads,
    examples: [],
    ...(fn.nullAware ? { nullAware: true } : {}),
  });
}

/**
 * A host's declaration, whatever shape it has: reading it can only fail
 * because it is malformed (`signatures` that is not a list, a getter that
 * throws), so any failure is the host's OptionError.
 */
function hostDeclOf(name: string, fn: HostFunction): BuiltinDecl {
  try {
    return hostDecl(name, fn);
  } catch (e) {
    throw e instanceof OptionError ? e : new OptionError(`host function '${name}' is malformed: ${e instanceof Error ? e.message : String(e)}`);
  }
}

const tables = new WeakMap<HostFunctions, FunctionTable>();

/**
 * The function table for a compile: the builtins, plus the host's functions.
 * Throws an OptionError naming the problem for a malformed declaration (the API turns it into a UserFnError).
 */
export function functionTable(host: HostFunctions | undefined): FunctionTable {
  if (!host) return BUILTINS;
  let table = tables.get(host);
  if (!table) {
    const m = new Map(BUILTINS);
    for (const [name, fn] of Object.entries(host)) m.set(name, hostDeclOf(name, fn));
    table = m;
    tables.set(host, table);
  }
  return table;
}
