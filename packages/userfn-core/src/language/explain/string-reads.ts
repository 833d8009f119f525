import type { Checked } from '../checker/checker.js';
import type { CompiledPath } from '../../runtime/jsonpath/index.js';
import type { Value } from '../../common/values/values.js';
import { get } from '../../runtime/builtins/context.js';

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

/**
 * Notes for the explanation of a false condition: each literal singular
 * `get()` that gave null because its path runs through a string (typically
 * a tool output that is JSON text) says so and names the `json_get` form that
 * reads inside it. Reads the context as the evaluation did; never evaluates.
 */
export function stringReadNotes(checked: Checked, context: unknown, outcomes: ReadonlyMap<number, Outcome>): string[] {
  const notes: string[] = [];
  for (const [id, call] of checked.calls) {
    // The builtin only: a host function that replaces `get` reads what it likes.
    if (call.decl !== get) continue;
    const path = call.data as CompiledPath | undefined;
    const o = outcomes.get(id);
    if (!path?.singular || !o || !('value' in o) || o.value !== null) continue;
    const at = stringStop(path, context);
    if (at === undefined) continue;
    const prefix = path.source.slice(0, at);
    notes.push(
      `get('${path.source}') is null because ${prefix} is a string, and a path cannot read inside a string; ` +
        `if it is JSON text, use json_get(get('${prefix}'), '$${path.source.slice(at)}')`,
    );
  }
  return notes;
}
