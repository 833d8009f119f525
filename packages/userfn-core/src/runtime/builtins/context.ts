import { literalOf, NOT_LITERAL } from '../../common/ast/literal.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { warning, diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { CompiledPath } from '../jsonpath/index.js';
import { fromContext } from '../core/context-values.js';
import type { Runtime } from '../core/runtime.js';
import type { Value } from '../../common/values/values.js';
import { T, join, type Type } from '../../common/types/type.js';
import { defineBuiltin, nullAwareOverload, overload, p, type CheckHookContext, type Closure } from './define.js';
import { pathTypeFromSchema } from './path-schema.js';
import { dynamicPath, literalPath, parseJsonText, pathExists, queryPath } from './support.js';

/** Compiles a literal path argument at check time, reporting a bad one inside the string. */
function checkLiteralPath(ctx: CheckHookContext, arg: number): CompiledPath | undefined {
  const text = ctx.literal(arg);
  if (text === undefined) return undefined;
  const r = literalPath(text);
  if (!r.ok) {
    ctx.report(
      diagnostic(
        Codes.InvalidPath,
        `invalid JSONPath: ${r.error.message}`,
        ctx.literalSpan(arg, r.error.offset, Math.max(r.error.length, 0)),
        // only where it applies: `$. a` or `$.` is not helped by being told to start with `$`
        text.startsWith('$') ? undefined : "a path starts with '$', e.g. '$.output.status'",
      ),
    );
    return undefined;
  }
  return r.path;
}

export const get = defineBuiltin<CompiledPath>({
  name: 'get',
  category: 'context',
  doc:
    "Reads the context with a JSONPath (RFC 9535). A singular path (names and indexes only: `$.a.b`, `$['a b']`, `$.list[0]`, `$.list[-1]`) " +
    'gives the value, or `default` (else `null`) when it is absent or null. Any other path gives the list of every match in document order. ' +
    'Only own data is read: `__proto__`, `constructor` and `prototype` are ordinary keys.',
  nullAware: true,
  overloads: [
    nullAwareOverload({
      params: [p('path', T.string)],
      returns: T.dyn,
      impl: ([path], rt) => (path === null ? null : queryPath(dynamicPath(path), rt.ctx, rt.limits)),
    }),
    nullAwareOverload({
      params: [p('path', T.string), p('default', T.dyn)],
      returns: T.dyn,
      impl: ([path, dflt], rt) => {
        if (path === null) return dflt ?? null;
        const cp = dynamicPath(path);
        const v = queryPath(cp, rt.ctx, rt.limits);
        return cp.singular && v === null ? dflt! : v;
      },
    }),
  ],
  examples: [
    { expr: "get('$.output.status')", context: { output: { status: 'indexed' } }, result: 'indexed' },
    { expr: "get('$.output.sections_indexed', 0)", context: { output: {} }, result: 0 },
    { expr: "get('$.tool_calls[*].name')", context: { tool_calls: [{ name: 'search' }, { name: 'lookup' }] }, result: ['search', 'lookup'] },
    {
      expr: "get('$.items[?@.price > 10].id')",
      context: {
        items: [
          { id: 1, price: 5 },
          { id: 2, price: 20 },
        ],
      },
      result: [2],
    },
  ],
  check(ctx) {
    const path = checkLiteralPath(ctx, 0);
    if (!path) return undefined;
    ctx.setData(path);
    if (!path.singular && ctx.argTypes.length === 2) {
      ctx.report(warning(Codes.DefaultIgnored, 'the default applies to singular paths only; this path gives a list', ctx.call.args[1]!.span));
    }
    const found = pathTypeFromSchema(path, ctx);
    return ctx.argTypes.length === 2 && path.singular ? join(found, ctx.argTypes[1]!) : found;
  },
  compile(ctx) {
    const path = ctx.data;
    if (!path?.singular) return undefined;
    // The hot path: a literal singular path is a precompiled own-property
    // reader; what it finds passes the same gate as in queryPath (absent and
    // non-JSON values are null): a few typeof tests, not a copy.
    const read = path.get;
    // (the argument count from the nodes: reading ctx.args would compile the path's closure for nothing)
    if (ctx.argNodes.length === 1) return (rt) => fromContext(read(rt.ctx));
    // A literal default (`get(p, 0)`) is held, not called for.
    const literal = literalOf(ctx.argNodes[1]!);
    if (literal !== NOT_LITERAL) {
      return (rt) => {
        const v = fromContext(read(rt.ctx));
        return v === null ? literal : v;
      };
    }
    const dflt = ctx.args[1]!;
    return (rt) => {
      const d = dflt(rt);
      const v = fromContext(read(rt.ctx));
      return v === null ? d : v;
    };
  },
  // `get('<singular literal path>')` with no default reads one value: the
  // compiler fuses its comparisons (`get(p) == 'x'`, `get(p) > 0.8`).
  contextReader: (path, argCount) => (argCount === 1 && path?.singular === true ? path.get : undefined),
});

export const has = defineBuiltin<CompiledPath>({
  name: 'has',
  category: 'context',
  doc: 'True when the path matches anything in the context, even a `null` value.',
  nullAware: true,
  overloads: [
    nullAwareOverload({
      params: [p('path', T.string)],
      returns: T.boolean,
      impl: ([path], rt) => path !== null && pathExists(dynamicPath(path), rt.ctx, rt.limits),
    }),
  ],
  examples: [
    { expr: "has('$.output.error')", context: { output: { error: null } }, result: true },
    { expr: "has('$.output.error')", context: { output: {} }, result: false },
  ],
  check(ctx) {
    const path = checkLiteralPath(ctx, 0);
    if (path) {
      ctx.setData(path);
      pathTypeFromSchema(path, ctx);
    }
    return undefined;
  },
  compile(ctx) {
    const path = ctx.data;
    if (!path) return undefined;
    return (rt) => pathExists(path, rt.ctx, rt.limits);
  },
});

/**
 * `json_get`'s null rule: a null value (the tool never ran) or a null path gives
 * the default when there is one, else null; a null default is no default.
 * The default only ever applies to singular paths (UF2104 warns otherwise).
 */
function jsonGet(value: Value, path: string | CompiledPath | null, dflt: Value | undefined, rt: Runtime): Value {
  const d = dflt ?? null;
  if (path === null) return d;
  const cp = typeof path === 'string' ? dynamicPath(path) : path;
  if (value === null) return cp.singular ? d : null;
  const doc = typeof value === 'string' ? parseJsonText(value, rt) : value;
  const v = queryPath(cp, doc, rt.limits);
  return d !== null && cp.singular && v === null ? d : v;
}

export const json_get = defineBuiltin<CompiledPath>({
  name: 'json_get',
  category: 'context',
  doc:
    'Applies a JSONPath to a value, with the same rules as `get`. A string is parsed as JSON first (tool outputs arrive as raw JSON strings); ' +
    'unparseable JSON is a runtime error. A null value (the tool never ran) gives `default` (else `null`), as an absent path does.',
  nullAware: true,
  overloads: [
    nullAwareOverload({ params: [p('value', T.dyn), p('path', T.string)], returns: T.dyn, impl: ([v, path], rt) => jsonGet(v, path, undefined, rt) }),
    nullAwareOverload({
      params: [p('value', T.dyn), p('path', T.string), p('default', T.dyn)],
      returns: T.dyn,
      impl: ([v, path, d], rt) => jsonGet(v, path, d, rt),
    }),
  ],
  examples: [
    { expr: `json_get('{"hits":3}', '$.hits')`, result: 3 },
    { expr: `json_get('{"hits":3}', '$.misses', 0)`, result: 0 },
    {
      expr: "json_get(get('$.tools.search.outputs.latest'), '$.hits', 0) > 0",
      context: { tools: { search: { outputs: { latest: '{"hits":3}' } } } },
      profile: 'verification',
      result: true,
    },
    { expr: "json_get(get('$.tools.search.outputs.latest'), '$.hits', 0) == 0", context: {}, profile: 'verification', result: true },
    {
      expr: "json_get(get('$.tools.search.outputs.latest'), '$.hits', 0) > 0",
      context: { tools: { search: { outputs: { latest: { hits: 2 } } } } },
      profile: 'verification',
      result: true,
    },
    { expr: "json_get('not json', '$.a')", error: Codes.InvalidJson },
  ],
  check(ctx) {
    const path = checkLiteralPath(ctx, 1);
    if (path) ctx.setData(path);
    if (path && !path.singular && ctx.argTypes.length === 3) {
      ctx.report(warning(Codes.DefaultIgnored, 'the default applies to singular paths only; this path gives a list', ctx.call.args[2]!.span));
    }
    return undefined;
  },
  compile(ctx) {
    const data = ctx.data;
    if (data === undefined) return undefined;
    const [value, path, dflt] = ctx.args as [Closure, Closure, Closure | undefined];
    // Literal path: compiled once; nulls follow jsonGet's rule (the default wins).
    return (rt) => {
      const v = value(rt);
      path(rt);
      return jsonGet(v, data, dflt?.(rt), rt);
    };
  },
});

export const parse_json = defineBuiltin({
  name: 'parse_json',
  category: 'context',
  doc: 'Parses a JSON string into a value; invalid JSON is a runtime error.',
  overloads: [overload({ params: [p('text', T.string)], returns: T.dyn, impl: ([s], rt) => parseJsonText(s, rt) })],
  examples: [
    { expr: `parse_json('{"a":[1,2]}')`, result: { a: [1, 2] } },
    { expr: "parse_json('{')", error: Codes.InvalidJson },
  ],
});

export const coalesce = defineBuiltin({
  name: 'coalesce',
  category: 'context',
  doc: 'The first argument that is not null (or null). Lazy: arguments after the first non-null one are not evaluated.',
  lazy(args) {
    for (const a of args) {
      const v = a();
      if (v !== null) return v;
    }
    return null;
  },
  overloads: [{ params: [p('a', T.dyn)], rest: p('more', T.dyn), returns: T.dyn }],
  examples: [
    { expr: "coalesce(get('$.output.title'), get('$.output.name'), 'untitled')", context: { output: { name: 'Report' } }, result: 'Report' },
    { expr: 'coalesce(null, 1, 1 / 0)', result: 1 },
  ],
  check(ctx) {
    return ctx.argTypes.reduce<Type>((acc, t) => join(acc, t), T.null);
  },
});
