import { paramType, type EagerCall, type Overload, type ResolvedCall, type Signature } from './define.js';
import { Codes } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';
import { typeToString, type Type } from '../../common/types/type.js';
import { Datetime, Duration } from '../../common/values/time-values.js';
import { BareFault, Fault } from '../core/fault.js';
import type { Runtime } from '../core/runtime.js';
import { typeName, type Value } from '../../common/values/values.js';

/** Does a runtime value fit a declared parameter type? (null is handled by the null rules, before this.) */
export function valueFits(v: Value, t: Type): boolean {
  switch (t.kind) {
    case 'dyn':
    case 'error':
      return true;
    case 'number':
      return typeof v === 'number';
    case 'string':
      return typeof v === 'string';
    case 'boolean':
      return typeof v === 'boolean';
    case 'datetime':
      return v instanceof Datetime;
    case 'duration':
      return v instanceof Duration;
    case 'list':
      return Array.isArray(v);
    case 'object':
      return typeName(v) === 'object';
    case 'null':
      return v === null;
  }
}

/** The first overload whose parameters the runtime arguments fit. */
export function pickOverload<O extends Signature>(candidates: readonly O[], args: readonly Value[]): O | undefined {
  for (const o of candidates) {
    let ok = true;
    for (let i = 0; i < args.length && ok; i++) ok = args[i] === null || valueFits(args[i]!, paramType(o, i));
    if (ok) return o;
  }
  return undefined;
}

function argumentMismatch(call: ResolvedCall, args: readonly Value[], span: Span): Fault {
  const o = call.candidates[0]!;
  const i = Math.max(
    0,
    args.findIndex((a, j) => a !== null && !valueFits(a, paramType(o, j))),
  );
  const name = i < o.params.length ? o.params[i]!.name : (o.rest?.name ?? 'argument');
  const want = call.candidates.map((c) => typeToString(paramType(c, i))).filter((x, j, all) => all.indexOf(x) === j);
  return new Fault(Codes.RuntimeTypeMismatch, `argument '${name}' of ${call.decl.name} must be ${want.join(' or ')}, got ${typeName(args[i])}`, span);
}

/** Turns a BareFault from a builtin into a Fault at the call site; other errors pass through. */
export function atCallSite(e: unknown, span: Span): unknown {
  return e instanceof BareFault ? new Fault(e.code, e.message, span, e.hint) : e;
}

/**
 * Calls a builtin with evaluated arguments, applying the null rules, runtime
 * overload choice and the finite-number rule. Both evaluators go through here
 * for every call that has no specialised closure.
 */
export function invoke(call: EagerCall, args: Value[], rt: Runtime, span: Span): Value {
  if (!call.decl.nullAware) for (let i = 0; i < args.length; i++) if (args[i] === null) return null;
  const o = pickOverload(call.candidates, args);
  if (o === undefined) throw argumentMismatch(call, args, span);
  return run(call, o, args, rt, span);
}

/** Runs one overload's implementation: faults get the call site, numbers must be finite. */
function run(call: EagerCall, o: Overload, args: Value[], rt: Runtime, span: Span): Value {
  let out: Value;
  try {
    out = o.impl(args, rt);
  } catch (e) {
    throw atCallSite(e, span);
  }
  if (typeof out === 'number' && out - out !== 0)
    throw new Fault(Codes.NonFinite, `${call.decl.name} gave ${Number.isNaN(out) ? 'a value that is not a number' : 'an infinite value'}`, span);
  return out;
}

/**
 * A call whose result type the checker refined to a primitive from the context
 * schema (e.g. `get('$.score')` declared a number) must really have that type
 * at run time: the context is untrusted, and the compiler specialises
 * operators on primitive types. (Lists and objects need no check: nothing is
 * specialised on them, and builtins check their arguments when they run.)
 */
export function checkRefined(v: Value, t: Type, span: Span): Value {
  if (v === null || typeof v === t.kind) return v;
  throw new Fault(Codes.RuntimeTypeMismatch, `the context schema declares a ${t.kind} here, but the context has a ${typeName(v)}`, span);
}

/** Whether a call's checked type is a primitive its declaration does not promise, so results need checkRefined. */
export function isRefined(call: ResolvedCall, checkedType: Type): boolean {
  const k = checkedType.kind;
  if (k !== 'number' && k !== 'string' && k !== 'boolean') return false;
  return call.candidates.some((o) => o.returns.kind !== k);
}
