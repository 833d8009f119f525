import { sampleStringReadWarnings } from '../language/explain/string-reads.js';
import { diagnostic, hasErrors, type Diagnostic } from '../common/diagnostics/diagnostic.js';
import { errorFromDiagnostics, UserFnError } from '../common/diagnostics/user-fn-error.js';
import type { Value } from '../common/values/values.js';
import { parse as parseSyntax, type ParseResult } from '../language/syntax/index.js';
import { typeToString } from '../common/types/type.js';
import { clockMs } from './clock.js';
import { createCompiled, type Compiled } from './compiled.js';
import { optionError, toUserFnError } from './errors.js';
import { OptionError } from '../common/diagnostics/option-error.js';
import type { CompileOptions, EvaluateOptions } from './options.js';
import { analyzeSource, type PipelineResult } from './pipeline.js';
import type { Node } from '../common/ast/nodes.js';
import type { Limits } from '../common/limits.js';
import type { ProfileName } from '../common/profiles/profiles.js';
import type { Type } from '../common/types/type.js';
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

/** What parsing and checking a source found, for editors and tools. */
export interface Analysis {
  readonly source: string;
  readonly profile: ProfileName;
  readonly limits: Limits;
  /** The syntax tree (with error nodes where the source did not parse), or null for an empty source. */
  readonly ast: Node | null;
  /** Every diagnostic, syntax and type, sorted. */
  readonly diagnostics: readonly Diagnostic[];
  /** The static type of a node of `ast`, when the source parsed without errors (what an editor's hover shows). */
  typeOf(node: Node): Type | undefined;
  /**
   * Warnings (UF2106) for each `get()` path that reads through a string of
   * `sample` (a tool output that is JSON text), naming the `json_get` form:
   * what an editor with a sample context knows beyond the schema.
   */
  stringReadWarnings(sample: unknown): Diagnostic[];
}

/**
 * Parses and checks, without compiling: the language service's view of a
 * source. Throws a plain Error only for malformed options (check() turns
 * them into a diagnostic).
 */
export function analyze(source: string, options?: CompileOptions): Analysis {
  const a = analyzeSource(String(source), options);
  const types = a.checked?.types;
  const tree = a.checked ?? a.recovered;
  return {
    source: a.source,
    profile: a.profile,
    limits: a.limits,
    ast: a.ast,
    diagnostics: a.diagnostics,
    typeOf: (node) => types?.[node.id],
    stringReadWarnings: (sample) => (tree ? sampleStringReadWarnings(a.source, tree, sample) : []),
  };
}

/**
 * Runs the pipeline; a malformed option becomes UF2008 "invalid argument",
 * and anything else thrown (a bug of the package, never the user's doing)
 * an internal error, UF3099, said as one.
 */
function safeAnalyze(source: string, options: CompileOptions | undefined): PipelineResult {
  const text = String(source);
  try {
    return analyzeSource(text, options);
  } catch (e) {
    if (e instanceof OptionError) throw optionError(e.message, text);
    throw toUserFnError(e, text, { start: 0, end: text.length });
  }
}

/**
 * Parses and type-checks. Never throws: a bad source, and malformed options
 * too (an unknown profile, a malformed host function), come back as error
 * diagnostics, so an editor can always show something.
 */
export function check(source: string, options?: CompileOptions): CheckResult {
  let a: PipelineResult;
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
  return createCompiled(a.source, a.profile, a.checked, a.limits, a.diagnostics, nowMs);
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

/**
 * Compiles a source once per distinct options and caches the result. `now`
 * is part of the key, by instant (a Date and its ISO text are one entry):
 * compile() keeps it as the expression's default clock.
 */
export function compileCached(source: string, options?: CompileOptions): Compiled {
  const { map, key } = cacheFor(options);
  let clock = '';
  if (options?.now !== undefined) {
    try {
      clock = String(clockMs(options.now));
    } catch {
      return compile(source, options); // throws the option error, and caches nothing
    }
  }
  const full = `${key}\u0000${clock}\u0000${source}`;
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

export { UserFnError };
export type { Compiled, CompileOptions, EvaluateOptions };
