import { Codes } from '../../common/diagnostics/codes.js';
import { isArray, isRecord, ownElement, type JsonRecord } from '../../common/values/json-values.js';
import { literalOf } from '../../common/ast/literal.js';
import { contextItem, fromContext } from '../core/context-values.js';
import { BareFault } from '../core/fault.js';
import { hasOwn, typeName } from '../../common/values/values.js';
import { T } from '../../common/types/type.js';
import { defineBuiltin, nullAwareOverload, overload, p, type Example } from './define.js';
import { atCallSite } from './dispatch.js';
import { compilePath } from './support.js';

/**
 * Where the agent-tool builtins read from: `$.tool_calls` when present (even
 * empty: calls in order), else the keys of `$.tools` (which tools produced output,
 * no order and no counts), else nothing. The list or the record itself, not
 * wrapped: `called` asks for it in every rule that names a tool.
 */
type ToolSource = readonly unknown[] | JsonRecord | undefined;

function toolSource(ctx: unknown): ToolSource {
  // Read as get('$.tool_calls') and get('$.tools') read them: an own member of a plain
  // object context, no prototype read (the getters' member steps, which tell a plain
  // object by its hidden class where hasOwnProperty calls cost more than the rest).
  const calls = callsOf(toolCallsOf(ctx));
  if (calls !== null) return calls;
  // A record passes the gate unchanged and nothing else is one: isRecord alone is the gate's verdict here.
  const tools = toolsOf(ctx);
  return isRecord(tools) ? tools : undefined;
}

/**
 * `$.tool_calls` as read (`raw`): the list of calls, or null when there is
 * none (absent, or null at the context gate); anything else is an error.
 * Context values pass fromContext (what JSON cannot hold is null); lists are
 * read by index, not with an iterator the array could override.
 */
function callsOf(raw: unknown): readonly unknown[] | null {
  if (raw === undefined) return null;
  const calls = fromContext(raw);
  if (calls === null) return null;
  if (!Array.isArray(calls)) throw new BareFault(Codes.RuntimeTypeMismatch, `$.tool_calls must be a list of calls, got ${typeName(calls)}`);
  return calls as readonly unknown[];
}

/**
 * Whether `tools` (`$.tools` as read) is a record with an own entry `name`,
 * as toolSource() and hasOwnProperty decide it, in the other order: the
 * entry first, the record test (two prototype reads) only for a tool that
 * has one. A tool that did not run (most `not called(...)`) then costs no
 * prototype reads: about 24 -> 20 ns a `called` in the bench's support
 * contract, whose sessions' `tools` objects have many shapes.
 */
function hasEntry(tools: unknown, name: string): boolean {
  return typeof tools === 'object' && tools !== null && hasOwn.call(tools, name) && isRecord(tools);
}

const toolCallsOf = compilePath('$.tool_calls').get;
const toolsOf = compilePath('$.tools').get;

/**
 * A call's own `name`, read as `get('$.name')` reads it: through the member
 * step of the JSONPath getters (plain objects only, no prototype read), which
 * tells a plain object from any other value by its hidden class, not with the
 * prototype tests of the context gate and isRecord and a hasOwnProperty call
 * (about 25 -> 10 ns a call; `called()` reads every call of a rollout).
 */
const nameOf = compilePath('$.name').get;

/** The name of call `i` of `$.tool_calls` ('' when it has none that is a string). */
function callName(list: readonly unknown[], i: number): string {
  const name = nameOf(ownElement(list, i));
  return typeof name === 'string' ? name : '';
}

/**
 * Whether tool `name` ran: a call of that name in `$.tool_calls`, else an
 * entry in `$.tools`. Reads the calls where they are, building nothing: it
 * runs for every `called` of every rule, over rollouts of many calls.
 */
function ran(ctx: unknown, name: string): boolean {
  // each member read once, as get() reads it (a getter in a context runs once)
  const calls = callsOf(toolCallsOf(ctx));
  if (calls === null) return hasEntry(toolsOf(ctx), name);
  for (let i = 0; i < calls.length; i++) if (callName(calls, i) === name) return true;
  return false;
}

const AGENT_PROFILES = ['verification', 'transition'] as const;
const ctxWith = (calls: string[]) => ({ tool_calls: calls.map((name) => ({ name })) });

export const called = defineBuiltin({
  name: 'called',
  category: 'agent',
  doc: 'True when the tool ran in the session (from `$.tool_calls`, else the keys of `$.tools`).',
  nullAware: true,
  profiles: AGENT_PROFILES,
  overloads: [
    nullAwareOverload({
      params: [p('name', T.string)],
      returns: T.boolean,
      impl: ([name], rt) => name !== null && ran(rt.ctx, name),
    }),
  ],
  // `called('<literal>')`, in nearly every contract: the name held, no argument list built, no overload chosen.
  compile({ argNodes, call }) {
    const name = literalOf(argNodes[0]!);
    if (typeof name !== 'string') return undefined;
    const span = call.span;
    return (rt) => {
      try {
        return ran(rt.ctx, name);
      } catch (e) {
        throw atCallSite(e, span);
      }
    };
  },
  examples: [
    { expr: "called('lookup_account')", profile: 'verification', context: ctxWith(['lookup_account']), result: true },
    { expr: "called('lookup_account') and not called('delete_account')", profile: 'verification', context: { tools: { lookup_account: {} } }, result: true },
  ],
});

export const call_count = defineBuiltin({
  name: 'call_count',
  category: 'agent',
  doc:
    'How many times the tool ran. Without `$.tool_calls` the count is known only for tools with no entry in `$.tools` (0); ' +
    'for a tool that has an entry it is a runtime error ("call count unknown").',
  nullAware: true,
  profiles: AGENT_PROFILES,
  overloads: [
    nullAwareOverload({
      params: [p('name', T.string)],
      returns: T.number,
      impl: ([name], rt) => {
        if (name === null) return null;
        const src = toolSource(rt.ctx);
        if (isArray(src)) {
          let n = 0;
          for (let i = 0; i < src.length; i++) if (callName(src, i) === name) n++;
          return n;
        }
        if (src !== undefined && hasOwn.call(src, name)) {
          throw new BareFault(
            Codes.CallCountUnknown,
            `call count unknown: the context has $.tools.${name} but no $.tool_calls`,
            'provide $.tool_calls to count calls',
          );
        }
        return 0;
      },
    }),
  ],
  examples: [
    { expr: "call_count('search') == 2", profile: 'verification', context: ctxWith(['search', 'lookup', 'search']), result: true },
    { expr: "call_count('search') > 0", profile: 'verification', context: { tools: { search: {} } }, error: Codes.CallCountUnknown },
    { expr: "call_count('delete_account') == 0", profile: 'verification', context: { tools: { search: {} } }, result: true },
  ],
});

const orderExamples: Example[] = [
  {
    expr: "called_in_order(['lookup_account', 'process_refund'])",
    profile: 'verification',
    context: ctxWith(['lookup_account', 'search', 'process_refund']),
    result: true,
  },
  { expr: "called_in_order(['search', 'search'])", profile: 'verification', context: ctxWith(['search']), result: false },
  { expr: 'called_in_order([])', profile: 'verification', result: true },
];

export const called_in_order = defineBuiltin({
  name: 'called_in_order',
  category: 'agent',
  doc:
    'True when the listed calls appear in this order as a subsequence of `$.tool_calls`: other calls may come between, and a repeated name needs as many separate calls. ' +
    '`called_in_order([])` is true. Without `$.tool_calls` the order is unknown: two or more names are a runtime error.',
  profiles: AGENT_PROFILES,
  overloads: [
    overload({
      params: [p('names', T.list(T.string))],
      returns: T.boolean,
      impl: ([list], rt) => {
        const names: string[] = [];
        for (let i = 0; i < list.length; i++) {
          const n = contextItem(list, i);
          if (typeof n !== 'string') throw new BareFault(Codes.RuntimeTypeMismatch, `called_in_order needs a list of tool names; found a ${typeName(n)}`);
          names.push(n);
        }
        if (names.length === 0) return true;
        const src = toolSource(rt.ctx);
        if (isArray(src)) {
          let i = 0;
          for (let j = 0; j < src.length; j++) if (callName(src, j) === names[i] && ++i === names.length) return true;
          return false;
        }
        if (names.length === 1) return src !== undefined && hasOwn.call(src, names[0]!);
        if (src === undefined) return false;
        throw new BareFault(
          Codes.OrderUnknown,
          'the order of calls is unknown: the context has $.tools but no $.tool_calls',
          'provide $.tool_calls for order-sensitive checks',
        );
      },
    }),
  ],
  examples: orderExamples,
});
