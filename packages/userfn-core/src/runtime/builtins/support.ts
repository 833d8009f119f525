import { RE2JS } from 're2js';
import { Codes } from '../../common/diagnostics/codes.js';
import { compilePath, JsonPathLimitError, tryCompilePath, type CompiledPath, type JsonPathError } from '../jsonpath/index.js';
import type { Limits } from '../../common/limits.js';
import { BareFault } from '../core/fault.js';
import type { Runtime } from '../core/runtime.js';
import { fromContext } from '../core/context-values.js';
import { checkJsonDepth } from './json-depth.js';
import type { Value } from '../../common/values/values.js';

/**
 * A small bounded cache: paths and patterns are compiled once per distinct
 * text, and a flood of distinct texts cannot grow memory without bound.
 */
export class BoundedCache<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly capacity: number) {}

  get(key: string, make: (key: string) => V): V {
    let v = this.map.get(key);
    if (v === undefined) {
      if (this.map.size >= this.capacity) this.map.clear();
      v = make(key);
      this.map.set(key, v);
    }
    return v;
  }
}

type PathResult = { ok: true; path: CompiledPath } | { ok: false; error: JsonPathError };

// Two caches: an editor checks a new partial path at every keystroke, and
// those must not push out the paths a context keeps sending at run time.
const literalPaths = new BoundedCache<PathResult>(512);
const dynamicPaths = new BoundedCache<PathResult>(512);

/**
 * Compiles a literal path (at check time) once per distinct text: a compiled
 * path is frozen and pure, so every expression that reads `$.output.status`
 * can share one. The syntax error as data for an invalid path.
 */
export function literalPath(text: string): PathResult {
  return literalPaths.get(text, tryCompilePath);
}

/** Compiles a path that arrived at run time; an invalid one is a runtime error. */
export function dynamicPath(text: string): CompiledPath {
  const r = dynamicPaths.get(text, tryCompilePath);
  if (!r.ok) throw new BareFault(Codes.RuntimeInvalidPath, `invalid JSONPath '${text}': ${r.error.message} (at offset ${r.error.offset})`);
  return r.path;
}

/** Compiles a literal path (at check time). */
export { compilePath };

/**
 * Runs a JSONPath query: the value for a singular path (null when absent),
 * else the list of matches. What it gives has passed fromContext: JSONPath
 * sees any JS value as a leaf, UserFn sees a value JSON cannot hold as null.
 */
export function queryPath(path: CompiledPath, root: unknown, limits: Limits): Value {
  return path.singular ? fromContext(path.get(root)) : selectAll(path, root, limits);
}

/** Every match of a path (each through fromContext), bounded by the limits. */
export function selectAll(path: CompiledPath, root: unknown, limits: Limits): Value[] {
  try {
    const out = path.select(root, { remaining: limits.maxVisits, maxDepth: limits.maxContextDepth });
    if (out.length > limits.maxListLength) throw new BareFault(Codes.ListTooLong, `the path matched more than ${limits.maxListLength} values`);
    // The nodelist is a fresh array: map it in place.
    for (let i = 0; i < out.length; i++) out[i] = fromContext(out[i]);
    return out as Value[];
  } catch (e) {
    throw pathLimitFault(e);
  }
}

/** Whether a path matches anything (a present null counts). */
export function pathExists(path: CompiledPath, root: unknown, limits: Limits): boolean {
  try {
    return path.exists(root, { remaining: limits.maxVisits, maxDepth: limits.maxContextDepth });
  } catch (e) {
    throw pathLimitFault(e);
  }
}

function pathLimitFault(e: unknown): unknown {
  if (e instanceof JsonPathLimitError) {
    return e.which === 'depth'
      ? new BareFault(Codes.ContextTooDeep, 'the data is nested too deeply for this path')
      : new BareFault(Codes.WorkLimit, 'the path visits too many values');
  }
  return e;
}

/** Parses JSON text from the context; invalid JSON is a runtime error. */
export function parseJsonText(text: string, rt: Runtime): Value {
  if (text.length > rt.limits.maxStringLength) throw new BareFault(Codes.StringTooLong, `the JSON text is longer than ${rt.limits.maxStringLength} characters`);
  checkJsonDepth(text, rt.limits.maxContextDepth);
  try {
    return JSON.parse(text) as Value;
  } catch (e) {
    throw new BareFault(Codes.InvalidJson, `invalid JSON: ${(e as Error).message}`);
  }
}

export type RegexFlags = string;

const regexCache = new BoundedCache<RE2JS | string>(256);

/** Validates `i`, `m`, `s` flags; returns a message for bad ones. */
export function flagsProblem(flags: string): string | undefined {
  for (const f of flags) if (f !== 'i' && f !== 'm' && f !== 's') return `unknown regex flag '${f}' (use i, m or s)`;
  return undefined;
}

function compileRegexUncached(key: string): RE2JS | string {
  const cut = key.indexOf('\u0000');
  const flags = key.slice(0, cut);
  const pattern = key.slice(cut + 1);
  let bits = 0;
  if (flags.includes('i')) bits |= RE2JS.CASE_INSENSITIVE;
  if (flags.includes('m')) bits |= RE2JS.MULTILINE;
  if (flags.includes('s')) bits |= RE2JS.DOTALL;
  try {
    return RE2JS.compile(pattern, bits);
  } catch (e) {
    return (e as Error).message;
  }
}

/** Compiles an RE2 pattern (cached); returns the regex, or the syntax error message. */
export function compileRegex(pattern: string, flags: string): RE2JS | string {
  return regexCache.get(`${flags}\u0000${pattern}`, compileRegexUncached);
}
