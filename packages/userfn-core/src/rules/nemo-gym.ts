import { jsonText } from '../runtime/core/json-text.js';
import { isObject, messageOutput, partsText, saysSomething } from './nemo-gym-text.js';

/** A JSON value as parsed from a rollout. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One tool call of the verification context, in the order the agent made it. */
export interface NemoGymToolCall {
  readonly name: JsonValue;
  /** Parsed when the call's arguments are a JSON text, else as written. */
  readonly arguments?: JsonValue;
  /** The call's output: the `*_output` item that answers its `call_id`, or what a server's call carries; a content-part list becomes its text. */
  readonly output?: JsonValue;
  /** An `mcp_call`'s error, when it has one. */
  readonly error?: JsonValue;
}

/** What a condition can read of the response itself: `$.response.status` and why it is not `completed`. */
export interface NemoGymResponseInfo {
  readonly status?: string;
  readonly incomplete_details?: JsonValue;
  readonly error?: JsonValue;
}

/** The verification context of a NeMo Gym rollout. */
export interface NemoGymContext {
  /** The last assistant message that is not empty, else the last one (see messageOutput); absent without one. */
  readonly output?: JsonValue;
  readonly tool_calls: readonly NemoGymToolCall[];
  /** The latest output of each tool that produced one: `$.tools.<name>.outputs.latest`. */
  readonly tools: { readonly [name: string]: { readonly outputs: { readonly latest: JsonValue } } };
  /** The task: `responses_create_params.input` as written (a string or a list of messages); absent without one. */
  readonly task?: JsonValue;
  /** The row's other top-level fields, as they are (`expected_answer`, …). */
  readonly [field: string]: JsonValue | undefined | readonly NemoGymToolCall[] | NemoGymContext['tools'] | NemoGymResponseInfo;
  readonly response: NemoGymResponseInfo;
}

/** A rollout that cannot be mapped; the message says what and where. */
export class NemoGymInputError extends TypeError {
  override name = 'NemoGymInputError';
}

type Obj = { readonly [key: string]: JsonValue };
const hasOwn = Object.prototype.hasOwnProperty;

const kindOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'an object' : `a ${typeof v}`);

/**
 * An item's JSON text, to compare items of turns. JSON.stringify is the fast
 * way, but it recurses: an item nested deeper than the stack allows is
 * written by jsonText's walk with a work list instead.
 */
function itemText(item: Obj): string {
  try {
    return JSON.stringify(item);
  } catch {
    return jsonText(item, Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY);
  }
}

/**
 * The output items in order. `response.output` is a list of items, or (the
 * aviary environments) a list of turns, each a list of items. Turns are
 * usually cumulative — each is the whole conversation so far — so when the
 * previous turn is a prefix of this one (item for item, the same JSON), only
 * what follows it is new, however its ids repeat (an adapter that numbers
 * calls `call_0`, `call_1`… per response reuses them). Otherwise the common
 * prefix is skipped and an item identical (the same JSON) to one of an
 * earlier turn is that item again, read once (aviary's collapsed environment
 * states change the prefix, not the items after it). A list that mixes items
 * and turns, or holds anything else, cannot be mapped.
 */
function outputItems(output: readonly JsonValue[]): Obj[] {
  const list = output.findIndex((x) => Array.isArray(x));
  const other = output.findIndex((x) => !Array.isArray(x));
  if (list >= 0 && other >= 0) {
    throw new NemoGymInputError(
      `response.output mixes turns and items: response.output[${list}] is a list (a turn), response.output[${other}] is ${kindOf(output[other])}; it must be a list of items or a list of turns`,
    );
  }
  if (list < 0) {
    for (const [i, item] of output.entries()) {
      if (!isObject(item)) throw new NemoGymInputError(`response.output[${i}] is ${kindOf(item)}, not an output item (an object with a type)`);
    }
    return output as Obj[];
  }
  const items: Obj[] = [];
  const earlier = new Set<string>();
  let previous: string[] = [];
  for (const [t, turn] of (output as JsonValue[][]).entries()) {
    const texts = turn.map((item, i) => {
      if (!isObject(item)) throw new NemoGymInputError(`response.output[${t}][${i}] is ${kindOf(item)}, not an output item (an object with a type)`);
      return itemText(item);
    });
    let common = 0;
    while (common < previous.length && common < texts.length && texts[common] === previous[common]) common++;
    const cumulative = common === previous.length;
    for (let i = common; i < turn.length; i++) {
      if (cumulative || !earlier.has(texts[i]!)) items.push(turn[i] as Obj);
    }
    for (const text of texts) earlier.add(text);
    previous = texts;
  }
  return items;
}

function parsedArguments(args: JsonValue | undefined): JsonValue | undefined {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as JsonValue;
  } catch {
    return args;
  }
}

/** A tool output as the context holds it: a content-part list becomes the text of its text parts. */
function outputValue(output: JsonValue | undefined): JsonValue {
  if (Array.isArray(output)) return partsText(output, ['input_text', 'output_text']);
  return output ?? null;
}

/** A present, non-null value, else undefined (a field a failed or partial call leaves null). */
const present = (v: JsonValue | undefined): JsonValue | undefined => (v === null ? undefined : v);

/**
 * How each kind of call item reads. `name`: the tool name when the item has
 * none of its own (hosted tools are named by their kind). `args`: what the
 * call asked. `own`: the output of a call that ran on the server, carried by
 * the item itself; calls without `own` get the output item that answers their
 * `call_id`.
 */
interface CallKind {
  readonly name?: string;
  readonly args: (item: Obj) => JsonValue | undefined;
  readonly own?: (item: Obj) => JsonValue | undefined;
}
const CALL_KINDS: ReadonlyMap<string, CallKind> = new Map<string, CallKind>([
  ['function_call', { args: (i) => parsedArguments(i['arguments']) }],
  ['custom_tool_call', { args: (i) => parsedArguments(i['input']) }],
  ['computer_call', { name: 'computer', args: (i) => i['action'] }],
  ['local_shell_call', { name: 'local_shell', args: (i) => i['action'] }],
  // mcp_call: its output (null when it failed) and error are on the item; a content-part list is its text.
  ['mcp_call', { args: (i) => parsedArguments(i['arguments']), own: (i) => (present(i['output']) === undefined ? undefined : outputValue(i['output'])) }],
  ['web_search_call', { name: 'web_search', args: (i) => i['action'], own: () => undefined }],
  [
    'file_search_call',
    { name: 'file_search', args: (i) => (i['queries'] === undefined ? undefined : { queries: i['queries'] }), own: (i) => present(i['results']) },
  ],
  [
    'code_interpreter_call',
    { name: 'code_interpreter', args: (i) => (i['code'] === undefined ? undefined : { code: i['code'] }), own: (i) => present(i['outputs']) },
  ],
  ['image_generation_call', { name: 'image_generation', args: () => undefined, own: (i) => present(i['result']) }],
]);
const OUTPUTS = new Set(['function_call_output', 'custom_tool_call_output', 'computer_call_output', 'local_shell_call_output']);

/** The call an output item answers: its `call_id` (a local_shell_call_output names the call by `id`). */
const answers = (item: Obj): JsonValue | undefined =>
  hasOwn.call(item, 'call_id') ? item['call_id'] : item['type'] === 'local_shell_call_output' ? item['id'] : undefined;

/** `$.response`: the response's status (when it is text) and the details of an incomplete or failed one. */
function responseInfo(response: Obj): NemoGymResponseInfo {
  const info: { -readonly [K in keyof NemoGymResponseInfo]: NemoGymResponseInfo[K] } = {};
  const status = response['status'];
  if (typeof status === 'string') info.status = status;
  if (hasOwn.call(response, 'incomplete_details')) info.incomplete_details = response['incomplete_details']!;
  if (hasOwn.call(response, 'error')) info.error = response['error']!;
  return info;
}

const MAPPED = new Set(['responses_create_params', 'response', 'output', 'tool_calls', 'tools', 'task']);

/** The rollout's other top-level fields (a dataset's `expected_answer`, …), as own data properties (a key `__proto__` stays a key). */
function passThrough(rollout: Obj): Record<string, JsonValue> {
  const out: Record<string, JsonValue> = {};
  for (const key of Object.keys(rollout)) {
    if (!MAPPED.has(key)) Object.defineProperty(out, key, { value: rollout[key], enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/**
 * Maps a NeMo Gym rollout (`responses_create_params`, `response`) to a
 * verification context: `$.output` from the last non-empty assistant message,
 * `$.tool_calls` from every call item in order (CALL_KINDS: function, custom,
 * computer and shell calls answered by the output item of their `call_id` —
 * the latest call before it of that id —, and the server's mcp, web search,
 * file search, code interpreter and image calls carrying their own), `$.tools` from the latest output per tool, `$.response` from the
 * response's status, `$.task` from `responses_create_params.input` (what a
 * judge sees as the task), and every other top-level field of the row as it
 * is (NeMo Gym datasets carry `expected_answer` there; the mapped keys win).
 * Throws NemoGymInputError (a TypeError) when the rollout cannot be mapped:
 * no `response.output` list, or an item that is not one.
 */
export function nemoGymToContext(rollout: unknown): NemoGymContext {
  const response = isObject(rollout) ? rollout['response'] : undefined;
  const output = isObject(response) ? response['output'] : undefined;
  if (!Array.isArray(output)) throw new NemoGymInputError('not a NeMo Gym rollout: response.output must be a list');

  let lastMessage: Obj | undefined;
  let lastSaying: Obj | undefined;
  const calls: Obj[] = [];
  const outputs = new Map<number, JsonValue>();
  // A call_id's latest call so far, and outputs that came before any call of theirs.
  const latestCall = new Map<JsonValue, number>();
  const early = new Map<JsonValue, JsonValue>();
  for (const item of outputItems(output)) {
    const type = item['type'];
    if (type === 'message' && (item['role'] === 'assistant' || !hasOwn.call(item, 'role'))) {
      lastMessage = item;
      if (saysSomething(item)) lastSaying = item;
    } else if (typeof type === 'string' && CALL_KINDS.has(type)) {
      const at = calls.push(item) - 1;
      const id = item['call_id'];
      if (!CALL_KINDS.get(type)!.own && id !== undefined) {
        latestCall.set(id, at);
        if (early.has(id)) outputs.set(at, early.get(id)!);
        early.delete(id);
      }
    } else if (typeof type === 'string' && OUTPUTS.has(type)) {
      // An output answers the latest call before it with its call_id (adapters that number calls per
      // response reuse ids in one rollout); a repeated output keeps the last.
      const id = answers(item);
      if (id === undefined) continue;
      const at = latestCall.get(id);
      if (at !== undefined) outputs.set(at, outputValue(item['output']));
      else early.set(id, outputValue(item['output']));
    }
  }
  // An empty assistant message (no text, no refusal: a placeholder some adapters append) says nothing;
  // the answer is the last message that says something, else that empty one.
  const answer = lastSaying ?? lastMessage;

  const tools = new Map<string, { outputs: { latest: JsonValue } }>();
  const toolCalls = calls.map((call, at): NemoGymToolCall => {
    const kind = CALL_KINDS.get(call['type'] as string)!;
    const name = kind.name ?? call['name'] ?? null;
    const args = kind.args(call);
    const result = kind.own ? kind.own(call) : outputs.get(at);
    if (result !== undefined && typeof name === 'string') tools.set(name, { outputs: { latest: result } });
    const error = call['type'] === 'mcp_call' ? present(call['error']) : undefined;
    return {
      name,
      ...(args !== undefined ? { arguments: args } : {}),
      ...(result !== undefined ? { output: result } : {}),
      ...(error !== undefined ? { error } : {}),
    };
  });

  const params = isObject(rollout) ? rollout['responses_create_params'] : undefined;
  const task = isObject(params) && hasOwn.call(params, 'input') ? params['input'] : undefined;
  return {
    // The row's own fields (expected_answer, metadata…) as they are, under the mapped ones.
    ...passThrough(rollout as Obj),
    ...(answer ? { output: messageOutput(answer) } : {}),
    ...(task !== undefined ? { task } : {}),
    tool_calls: toolCalls,
    // fromEntries defines own properties: a tool named __proto__ stays an ordinary key.
    tools: Object.fromEntries(tools),
    response: responseInfo(response as Obj),
  };
}
