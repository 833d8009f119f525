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

/**
 * Where a singular path meets a string before its last segment: the offset of
 * the first segment it cannot apply (the path text before it names the
 * string), or undefined when the walk ends any other way.
 */
function stringStop(path: CompiledPath, context: unknown): number | undefined {
  let cur: unknown = context;
  for (const segment of path.segments) {
    if (typeof cur === 'string') return segment.offset;
    const sel = segment.selectors[0]!;
    if (sel.kind === 'name') {
      if (cur === null || typeof cur !== 'object' || Array.isArray(cur) || !hasOwn.call(cur, sel.name)) return undefined;
      cur = (cur as Record<string, unknown>)[sel.name];
    } else if (sel.kind === 'index' && Array.isArray(cur)) {
      const i = sel.index < 0 ? cur.length + sel.index : sel.index;
      if (!hasOwn.call(cur, i)) return undefined;
      cur = cur[i];
    } else return undefined;
  }
  return undefined;
}

/** One literal `get()` path that reads through a string of a context. */
interface StringRead {
  readonly call: Call;
  readonly path: CompiledPath;
  /** The offset in the path text of the first segment past the string. */
  readonly at: number;
}

/**
 * Every builtin `get()` with a literal singular path that, on this context,
 * runs into a string before its end (typically a tool output that is JSON
 * text). Reads the context; never evaluates anything.
 */
function stringReads(checked: Checked, context: unknown): StringRead[] {
  const out: StringRead[] = [];
  // Nodes in a loop with an explicit stack: a long chain must not recurse per level.
  const stack: Node[] = [checked.ast];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'call') {
      const call = checked.calls.get(node.id);
      const path = call?.data as CompiledPath | undefined;
      // The builtin only: a host function that replaces `get` reads what it likes.
      if (call?.decl === get && path?.singular) {
        const at = stringStop(path, context);
        if (at !== undefined) out.push({ call: node, path, at });
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
  return stringReads(checked, context)
    .filter(({ call }) => {
      const o = outcomes.get(call.id);
      return o !== undefined && 'value' in o;
    })
    .map(({ path, at }) => {
      const { message, hint } = throughStringWords(path.source, at);
      return `get(${singleQuoted(path.source)}) reads nothing because ${message.replace(', so this gives null', '')}; ${hint}`;
    });
}

/**
 * UF2106 warnings for an editor with a sample context: each `get()` path
 * that reads through a string of the sample, pointing at the part of the path
 * past the string.
 */
export function sampleStringReadWarnings(source: string, checked: Checked, sample: unknown): Diagnostic[] {
  return stringReads(checked, sample).map(({ call, path, at }) => {
    const { message, hint } = throughStringWords(path.source, at, 'in the sample context, ');
    return warning(Codes.ReadThroughString, message, stringLiteralSpan(source, call.args[0]!.span, at, path.source.length - at), hint);
  });
}
