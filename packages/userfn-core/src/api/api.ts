import { diagnostic, hasErrors, type Diagnostic } from '../common/diagnostics/diagnostic.js';
import { errorFromDiagnostics, UserFnError } from '../common/diagnostics/user-fn-error.js';
import type { Value } from '../common/values/values.js';
import { parse as parseSyntax, type ParseResult } from '../language/syntax/index.js';
import { typeToString } from '../common/types/type.js';
import { clockMs } from './clock.js';
import { Compiled } from './compiled.js';
import { optionError } from './errors.js';
import type { CompileOptions, EvaluateOptions } from './options.js';
import { analyze, type Analysis } from './pipeline.js';
import { collectReferences, type References } from './references.js';

/** Parses a source into an AST with every syntax error. Never throws. */
export function parse(source: string): ParseResult {
  return parseSyntax(String(source));
}

/** The result of check(): the static result type and every diagnostic. */
export interface CheckResult {
  /** `boolean`, `number`, `list<string>`, `dyn` (known only at run time) or `error`. */
  readonly type: string;
  readonly diagnostics: readonly Diagnostic[];
  /** The literal paths and functions the expression uses. */
  readonly references: References;
}

function safeAnalyze(source: string, options: CompileOptions | undefined): Analysis {
  try {
    return analyze(String(source), options);
  } catch (e) {
    throw optionError((e as Error).message, String(source));
  }
}

/**
 * Parses and type-checks. Never throws: a bad source, and malformed options
 * too (an unknown profile, a malformed host function), come back as error
 * diagnostics, so an editor can always show something.
 */
export function check(source: string, options?: CompileOptions): CheckResult {
  let a: Analysis;
  try {
    a = safeAnalyze(source, options);
  } catch (e) {
    const err = e as UserFnError;
    return {
      type: 'error',
      diagnostics: [diagnostic(err.code, err.message, err.span, err.hint)],
      references: collectReferences(parse(source).ast ?? null),
    };
  }
  return {
    type: a.checked ? typeToString(a.checked.type) : 'error',
    diagnostics: a.diagnostics,
    references: collectReferences(a.ast),
  };
}

/** Compiles to closures. Throws UserFnError (with every diagnostic) when there are errors; warnings stay on `.diagnostics`. */
export function compile(source: string, options?: CompileOptions): Compiled {
  const a = safeAnalyze(source, options);
  if (!a.checked || hasErrors(a.diagnostics)) throw errorFromDiagnostics(a.source, a.diagnostics);
  let nowMs: number | undefined;
  try {
    nowMs = clockMs(options?.now);
  } catch (e) {
    throw optionError((e as Error).message, a.source);
  }
  return new Compiled(a.source, a.profile, a.checked, a.limits, a.diagnostics, nowMs);
}

const CACHE_LIMIT = 1000;
const plainCache = new Map<string, Compiled>();
const keyedCaches = new WeakMap<object, Map<string, Compiled>>();

/**
 * The cache for evaluate(): keyed by source and options. Options that hold
 * objects (a schema, host functions) key by those objects' identity, so pass
 * the same objects to hit the cache.
 */
function cacheFor(options: CompileOptions | undefined): { map: Map<string, Compiled>; key: string } {
  const scalar = `${options?.profile ?? 'verification'}\u0000${options?.limits ? JSON.stringify(options.limits) : ''}`;
  const owner = options?.contextSchema ?? options?.functions;
  if (!owner) return { map: plainCache, key: scalar };
  let map = keyedCaches.get(owner);
  if (!map) {
    map = new Map();
    keyedCaches.set(owner, map);
  }
  const second = options?.contextSchema && options.functions ? options.functions : undefined;
  return { map, key: second ? `${scalar}\u0000${identity(second)}` : scalar };
}

const ids = new WeakMap<object, number>();
let nextId = 0;
function identity(o: object): number {
  let id = ids.get(o);
  if (id === undefined) ids.set(o, (id = nextId++));
  return id;
}

/** Compiles a source once per distinct options (ignoring `now`) and caches the result. */
export function compileCached(source: string, options?: CompileOptions): Compiled {
  const { map, key } = cacheFor(options);
  const full = `${key}\u0000${source}`;
  let c = map.get(full);
  if (!c) {
    c = compile(source, options);
    if (map.size >= CACHE_LIMIT) map.clear();
    map.set(full, c);
  }
  return c;
}

/** Compiles (cached by source and options) and evaluates. Throws UserFnError on any failure. */
export function evaluate(source: string, context: unknown, options?: CompileOptions & EvaluateOptions): Value {
  // The clock is not part of the cache key: it is applied per evaluation.
  const { now, ...rest } = options ?? {};
  return compileCached(source, rest).evaluate(context, now !== undefined ? { now } : undefined);
}

export { Compiled, UserFnError };
export type { CompileOptions, EvaluateOptions };
