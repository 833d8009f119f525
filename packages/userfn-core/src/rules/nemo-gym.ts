/** A JSON value as parsed from a rollout. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** One tool call of the verification context, in the order the agent made it. */
export interface NemoGymToolCall {
  readonly name: JsonValue;
  /** Parsed when the call's arguments are a JSON text, else as written. */
  readonly arguments?: JsonValue;
  /** The matching `function_call_output`'s output (by `call_id`), when there is one. */
  readonly output?: JsonValue;
}

/** The verification context of a NeMo Gym rollout. */
export interface NemoGymContext {
  /** The last assistant message: its JSON object, else `{ text }`; absent without one. */
  readonly output?: JsonValue;
  readonly tool_calls: readonly NemoGymToolCall[];
  /** The latest output of each tool that produced one: `$.tools.<name>.outputs.latest`. */
  readonly tools: { readonly [name: string]: { readonly outputs: { readonly latest: JsonValue } } };
  /** The task: `responses_create_params.input` as written (a string or a list of messages); absent without one. */
  readonly task?: JsonValue;
  /** The row's other top-level fields, as they are (`expected_answer`, …). */
  readonly [field: string]: JsonValue | undefined | readonly NemoGymToolCall[] | NemoGymContext['tools'];
}

type Obj = { readonly [key: string]: JsonValue };
const isObject = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v);
const hasOwn = Object.prototype.hasOwnProperty;

/** The text of an assistant message: its `output_text` parts joined with no separator (a string content as it is). */
function messageText(message: Obj): string {
  const content = message['content'];
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  let text = '';
  for (const part of content) if (isObject(part) && part['type'] === 'output_text' && typeof part['text'] === 'string') text += part['text'];
  return text;
}

/** A message's text as `$.output`: the object when the text is a JSON object, else `{ text }`. */
function outputOf(text: string): JsonValue {
  // Only a text that looks like an object is worth a parse attempt.
  if (/^\s*\{/.test(text)) {
    try {
      const parsed = JSON.parse(text) as JsonValue;
      if (isObject(parsed)) return parsed;
    } catch {
      // not JSON: plain text
    }
  }
  return { text };
}

function parsedArguments(args: JsonValue | undefined): JsonValue | undefined {
  if (typeof args !== 'string') return args;
  try {
    return JSON.parse(args) as JsonValue;
  } catch {
    return args;
  }
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
 * Maps a NeMo Gym rollout (`responses_create_params`, `response.output`
 * items) to a verification context: `$.output` from the last assistant
 * message, `$.tool_calls` from the `function_call` items in order (outputs
 * matched by `call_id`), `$.tools` from the latest output per tool, `$.task`
 * from `responses_create_params.input` (what a judge sees as the task), and
 * every other top-level field of the row as it is (NeMo Gym datasets carry
 * `expected_answer` and the like there; the mapped keys win). Throws a
 * TypeError when the value has no `response.output` list.
 */
export function nemoGymToContext(rollout: unknown): NemoGymContext {
  const response = isObject(rollout) ? rollout['response'] : undefined;
  const items = isObject(response) ? response['output'] : undefined;
  if (!Array.isArray(items)) throw new TypeError('not a NeMo Gym rollout: response.output must be a list');

  let lastMessage: Obj | undefined;
  const calls: Obj[] = [];
  const outputs = new Map<JsonValue, JsonValue>();
  for (const item of items) {
    if (!isObject(item)) continue;
    const type = item['type'];
    if (type === 'message' && (item['role'] === 'assistant' || !hasOwn.call(item, 'role'))) lastMessage = item;
    else if (type === 'function_call') calls.push(item);
    // A repeated call_id keeps its last output.
    else if (type === 'function_call_output' && hasOwn.call(item, 'call_id')) outputs.set(item['call_id']!, item['output'] ?? null);
  }

  const tools = new Map<string, { outputs: { latest: JsonValue } }>();
  const toolCalls = calls.map((call): NemoGymToolCall => {
    const name = call['name'] ?? null;
    const args = parsedArguments(call['arguments']);
    const id = call['call_id'];
    const hasOutput = id !== undefined && outputs.has(id);
    const output = hasOutput ? outputs.get(id)! : undefined;
    if (hasOutput && typeof name === 'string') tools.set(name, { outputs: { latest: output! } });
    return { name, ...(args !== undefined ? { arguments: args } : {}), ...(hasOutput ? { output: output! } : {}) };
  });

  const params = isObject(rollout) ? rollout['responses_create_params'] : undefined;
  const task = isObject(params) && hasOwn.call(params, 'input') ? params['input'] : undefined;
  return {
    // The row's own fields (expected_answer, metadata…) as they are, under the mapped ones.
    ...passThrough(rollout as Obj),
    ...(lastMessage ? { output: outputOf(messageText(lastMessage)) } : {}),
    ...(task !== undefined ? { task } : {}),
    tool_calls: toolCalls,
    // fromEntries defines own properties: a tool named __proto__ stays an ordinary key.
    tools: Object.fromEntries(tools),
  };
}
