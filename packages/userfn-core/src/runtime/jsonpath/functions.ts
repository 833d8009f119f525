import type { ParamType } from './ast.js';
import type { LogicalFn, NodesFn, ValueFn } from './context.js';
import { cachedIRegexp, compileIRegexp, iRegexpMatches, iRegexpSearches } from './iregexp.js';
import { isArray, isRecord } from '../../common/values/json-values.js';
import type { RE2JS } from 're2js';

/**
 * The RFC 9535 function extensions, each declared once: the parser checks
 * calls against `params`/`result` (well-typedness), the compiler calls `build`.
 */

/** A compiled argument, in the form its declared parameter type asks for. */
export type CompiledArg =
  | { readonly type: 'value'; readonly fn: ValueFn /** Set when the argument is a literal. */; readonly literal?: { readonly value: unknown } }
  | { readonly type: 'logical'; readonly fn: LogicalFn }
  | { readonly type: 'nodes'; readonly fn: NodesFn };

/** A compiled call, tagged with its result type. */
export type CompiledCall =
  | { readonly type: 'value'; readonly fn: ValueFn }
  | { readonly type: 'logical'; readonly fn: LogicalFn }
  | { readonly type: 'nodes'; readonly fn: NodesFn };

export interface FunctionDeclaration {
  readonly name: string;
  readonly params: readonly ParamType[];
  readonly result: ParamType;
  /** One line for editor hover and docs. */
  readonly doc: string;
  readonly build: (args: readonly CompiledArg[]) => CompiledCall;
}

function valueArg(args: readonly CompiledArg[], i: number): ValueFn {
  const a = args[i]!;
  if (a.type !== 'value') throw new TypeError(`argument ${i + 1} must be a value`);
  return a.fn;
}

function nodesArg(args: readonly CompiledArg[], i: number): NodesFn {
  const a = args[i]!;
  if (a.type !== 'nodes') throw new TypeError(`argument ${i + 1} must be a nodelist`);
  return a.fn;
}

/** Number of Unicode scalar values (code points) in a string; a lone surrogate counts as one. */
function codePointLength(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/** Builds match/search: a literal pattern is compiled once here; a pattern read from the document goes through the cache. */
function regexFunction(args: readonly CompiledArg[], test: (re: RE2JS, input: string) => boolean): CompiledCall {
  const subject = valueArg(args, 0);
  const patternArg = args[1]!;
  const pattern = valueArg(args, 1);
  if (patternArg.type === 'value' && patternArg.literal !== undefined) {
    const p = patternArg.literal.value;
    const re = typeof p === 'string' ? compileIRegexp(p) : null;
    if (re === null) return { type: 'logical', fn: () => false };
    return {
      type: 'logical',
      fn: (current, ctx) => {
        const s = subject(current, ctx);
        return typeof s === 'string' && test(re, s);
      },
    };
  }
  return {
    type: 'logical',
    fn: (current, ctx) => {
      const s = subject(current, ctx);
      if (typeof s !== 'string') return false;
      const p = pattern(current, ctx);
      if (typeof p !== 'string') return false;
      const re = cachedIRegexp(p);
      return re !== null && test(re, s);
    },
  };
}

const declarations: readonly FunctionDeclaration[] = [
  {
    name: 'length',
    params: ['value'],
    result: 'value',
    doc: 'length(v): the number of characters of a string, elements of an array or members of an object; Nothing otherwise.',
    build(args) {
      const arg = valueArg(args, 0);
      return {
        type: 'value',
        fn: (current, ctx) => {
          const v = arg(current, ctx);
          if (typeof v === 'string') return codePointLength(v);
          if (isArray(v)) return v.length;
          if (isRecord(v)) return Object.keys(v).length;
          return undefined;
        },
      };
    },
  },
  {
    name: 'count',
    params: ['nodes'],
    result: 'value',
    doc: 'count(query): the number of nodes the query selects.',
    build(args) {
      const arg = nodesArg(args, 0);
      return { type: 'value', fn: (current, ctx) => arg(current, ctx).length };
    },
  },
  {
    name: 'match',
    params: ['value', 'value'],
    result: 'logical',
    doc: "match(s, re): true when the whole string s matches the I-Regexp re (e.g. match(@.date, '1974-05-..')).",
    build: (args) => regexFunction(args, iRegexpMatches),
  },
  {
    name: 'search',
    params: ['value', 'value'],
    result: 'logical',
    doc: "search(s, re): true when some substring of s matches the I-Regexp re (e.g. search(@.author, '[BR]ob')).",
    build: (args) => regexFunction(args, iRegexpSearches),
  },
  {
    name: 'value',
    params: ['nodes'],
    result: 'value',
    doc: 'value(query): the value of the only node the query selects; Nothing when it selects none or several.',
    build(args) {
      const arg = nodesArg(args, 0);
      return {
        type: 'value',
        fn: (current, ctx) => {
          const nodes = arg(current, ctx);
          return nodes.length === 1 ? nodes[0] : undefined;
        },
      };
    },
  },
];

const byName = new Map(declarations.map((d) => [d.name, d] as const));

/** The declaration of a standard function extension, or undefined for an unknown name. */
export function lookupFunction(name: string): FunctionDeclaration | undefined {
  return byName.get(name);
}

/** Every function extension, for tools (completion, docs). */
export function listFunctions(): readonly FunctionDeclaration[] {
  return declarations;
}
