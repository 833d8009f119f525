import { children, type Call, type Node } from '../../common/ast/nodes.js';
import { Codes } from '../../common/diagnostics/codes.js';
import { warning, type Diagnostic } from '../../common/diagnostics/diagnostic.js';
import type { Value } from '../../common/values/values.js';
import { get } from '../../runtime/builtins/context.js';
import { singleQuoted } from '../../runtime/core/json-text.js';
import { throughStringWords } from '../../runtime/builtins/path-schema.js';
import type { CompiledPath } from '../../runtime/jsonpath/index.js';
import type { Checked } from '../checker/checker.js';
import { stringLiteralSpan } from '../checker/literal-span.js';

type Outcome = { value: Value } | { fault: unknown };

const hasOwn = Object.prototype.hasOwnProperty;

/** The children a selector picks from a node (own data only), or undefined for a selector this walk does not follow. */
function picked(node: unknown, sel: CompiledPath['segments'][number]['selectors'][number]): unknown[] | undefined {
  if (sel.kind === 'name') {
    return node !== null && typeof node === 'object' && !Array.isArray(node) && hasOwn.call(node, sel.name)
      ? [(node as Record<string, unknown>)[sel.name]]
      : [];
  }
  if (sel.kind === 'index') {
    if (!Array.isArray(node)) return [];
    const i = sel.index < 0 ? node.length + sel.index : sel.index;
    return hasOwn.call(node, i) ? [node[i]] : [];
  }
  if (sel.kind === 'wildcard') {
    if (Array.isArray(node)) {
      const out: unknown[] = [];
      for (let i = 0; i < node.length; i++) if (hasOwn.call(node, i)) out.push(node[i]);
      return out;
    }
    if (node !== null && typeof node === 'object') return Object.keys(node).map((k) => (node as Record<string, unknown>)[k]);
    return [];
  }
  return undefined;
}

/**
 * Where a path meets only strings before its last segment: the index of the
 * first segment it cannot apply (the path before it names the strings), or
 * undefined when the walk ends any other way. Names, indexes and wildcards
 * are followed (`$.tool_calls[*].output.hits`); a descendant segment, a slice
 * or a filter ends the walk.
 */
function stringStop(path: CompiledPath, context: unknown): number | undefined {
  if (path.singular) return singularStringStop(path, context);
  let nodes: unknown[] = [context];
  for (const [k, segment] of path.segments.entries()) {
    if (nodes.length > 0 && nodes.every((n) => typeof n === 'string')) return k;
    if (segment.descendant) return undefined;
    const next: unknown[] = [];
    for (const node of nodes) {
      for (const sel of segment.selectors) {
        const got = picked(node, sel);
        if (got === undefined) return undefined;
        for (const v of got) next.push(v); // not push(...got): a long list would overflow the argument stack
      }
    }
    if (next.length === 0) return undefined;
    nodes = next;
  }
  return undefined;
}

/**
 * stringStop for a singular path (names and indexes only), which holds one
 * node at each step: the same walk without a list per step (an explanation
 * of a false condition walks every `get()` of it).
 */
function singularStringStop(path: CompiledPath, context: unknown): number | undefined {
  let node = context;
  const segments = path.segments;
  for (let k = 0; k < segments.length; k++) {
    if (typeof node === 'string') return k;
    const sel = segments[k]!.selectors[0]!;
    if (sel.kind === 'name') {
      if (node === null || typeof node !== 'object' || Array.isArray(node) || !hasOwn.call(node, sel.name)) return undefined;
      node = (node as Record<string, unknown>)[sel.name];
    } else if (sel.kind === 'index') {
      if (!Array.isArray(node)) return undefined;
      const i = sel.index < 0 ? node.length + sel.index : sel.index;
      if (!hasOwn.call(node, i)) return undefined;
      node = node[i];
    } else {
      return undefined;
    }
  }
  return undefined;
}

/** One literal `get()` path that reads through a string of a context. */
interface StringRead {
  readonly call: Call;
  readonly path: CompiledPath;
  /** The offset in the path text of the first segment past the string. */
  readonly at: number;
  /** When the path before `at` has wildcards (it selects several strings): that part with [0] for each, one of them. */
  readonly one: string | undefined;
}

/** The path text before segment `k` with `[0]` for each wildcard segment; undefined when there is none. */
function firstOf(path: CompiledPath, k: number): string | undefined {
  let text = '$';
  let wildcards = false;
  for (const segment of path.segments.slice(0, k)) {
    const wildcard = segment.selectors.length === 1 && segment.selectors[0]!.kind === 'wildcard';
    wildcards ||= wildcard;
    text += wildcard ? '[0]' : path.source.slice(segment.offset, segment.offset + segment.length);
  }
  return wildcards ? text : undefined;
}

/**
 * Every builtin `get()` with a literal path that, on this context, runs into
 * nothing but strings before its end (typically a tool output that is JSON
 * text). Reads the context; never evaluates anything.
 */
function stringReads(checked: Checked, context: unknown, wanted: (call: Call, path: CompiledPath) => boolean = () => true): StringRead[] {
  const out: StringRead[] = [];
  // Nodes in a loop with an explicit stack: a long chain must not recurse per level.
  const stack: Node[] = [checked.ast];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'call') {
      const call = checked.calls[node.id];
      const path = call?.data as CompiledPath | undefined;
      // The builtin only: a host function that replaces `get` reads what it likes.
      if (call?.decl === get && path && wanted(node, path)) {
        const k = stringStop(path, context);
        if (k !== undefined) out.push({ call: node, path, at: path.segments[k]!.offset, one: firstOf(path, k) });
      }
    }
    stack.push(...children(node));
  }
  return out.sort((a, b) => a.call.span.start - b.call.span.start);
}

/**
 * Notes for the explanation of a false condition: each such `get()` that was
 * evaluated (it gave null, or its default) says that the value there is a
 * string and names the `json_get` form that reads inside it.
 */
export function stringReadNotes(checked: Checked, context: unknown, outcomes: ReadonlyMap<number, Outcome>): string[] {
  // Only a get() that was evaluated; and a singular one without a default that read a value
  // did not run into a string (it would have read nothing): no need to walk its path.
  const evaluated = (call: Call, path: CompiledPath) => {
    const o = outcomes.get(call.id);
    return o !== undefined && 'value' in o && !(path.singular && call.args.length === 1 && o.value !== null);
  };
  return stringReads(checked, context, evaluated).map(({ path, at, one }) => {
    const { reason, hint } = throughStringWords(path.source, at, '', one);
    return `get(${singleQuoted(path.source)}) reads nothing because ${reason}; ${hint}`;
  });
}

/**
 * UF2106 warnings for an editor with a sample context: each `get()` path
 * that reads through a string of the sample, pointing at the part of the path
 * past the string.
 */
export function sampleStringReadWarnings(source: string, checked: Checked, sample: unknown): Diagnostic[] {
  return stringReads(checked, sample).map(({ call, path, at, one }) => {
    const { message, hint } = throughStringWords(path.source, at, 'in the sample context, ', one);
    return warning(Codes.ReadThroughString, message, stringLiteralSpan(source, call.args[0]!.span, at, path.source.length - at), hint);
  });
}
