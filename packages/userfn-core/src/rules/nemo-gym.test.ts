import { describe, expect, it } from 'vitest';
import { loadRuleSet } from './load.js';
import { verify } from './verify.js';
import { nemoGymToContext } from './nemo-gym.js';

const message = (text: string | string[], role = 'assistant') => ({
  type: 'message',
  role,
  id: 'msg_1',
  content: (Array.isArray(text) ? text : [text]).map((t) => ({ type: 'output_text', text: t, annotations: [] })),
});
const fnCall = (name: string, args: string, callId: string) => ({
  type: 'function_call',
  name,
  arguments: args,
  call_id: callId,
  id: `fc_${callId}`,
  status: 'completed',
});
const fnOutput = (callId: string, output: string) => ({ type: 'function_call_output', call_id: callId, output });
const rollout = (output: unknown[], extra: object = {}) => ({
  responses_create_params: { input: [{ role: 'user', content: 'Where is my refund?' }], tools: [] },
  response: { id: 'resp_1', output },
  ...extra,
});

describe('nemoGymToContext', () => {
  it('maps calls in order with parsed arguments and outputs matched by call_id, and the latest output per tool', () => {
    const ctx = nemoGymToContext(
      rollout([
        fnCall('lookup_account', '{"email":"a@example.com"}', 'c1'),
        fnCall('search', 'not json', 'c2'),
        fnOutput('c2', '{"hits":0}'),
        fnOutput('c1', '{"id":"acc_1"}'),
        fnCall('search', '{"q":"refund"}', 'c3'),
        fnOutput('c3', '{"hits":3}'),
        fnCall('send_email', '{}', 'c4'),
        message('Done.'),
      ]),
    );
    expect(ctx.tool_calls).toEqual([
      { name: 'lookup_account', arguments: { email: 'a@example.com' }, output: '{"id":"acc_1"}' },
      { name: 'search', arguments: 'not json', output: '{"hits":0}' },
      { name: 'search', arguments: { q: 'refund' }, output: '{"hits":3}' },
      { name: 'send_email', arguments: {} },
    ]);
    expect(ctx.tools).toEqual({
      lookup_account: { outputs: { latest: '{"id":"acc_1"}' } },
      search: { outputs: { latest: '{"hits":3}' } },
    });
  });

  it('takes $.output from the last assistant message, joining its output_text parts with no separator', () => {
    const ctx = nemoGymToContext(rollout([message('first'), message(['Your refund ', 'is on its way.']), message('thanks!', 'user')]));
    expect(ctx.output).toEqual({ text: 'Your refund is on its way.' });
  });

  it('skips an empty assistant message for the one before it that says something; an only-empty one is the answer', () => {
    const empty = { type: 'message', role: 'assistant', id: 'msg_e', content: [{ type: 'output_text', text: '', annotations: [] }] };
    expect(nemoGymToContext(rollout([message('Refunded.'), empty])).output).toEqual({ text: 'Refunded.' });
    expect(nemoGymToContext(rollout([message('Refunded.'), { ...empty, content: '' }])).output).toEqual({ text: 'Refunded.' });
    expect(nemoGymToContext(rollout([empty])).output).toEqual({ text: '' });
    // a refusal part says something even when its text is empty; reasoning alone says something (a cut-off answer)
    const refusal = { ...empty, content: [{ type: 'refusal', refusal: '' }] };
    expect(nemoGymToContext(rollout([message('Refunded.'), refusal])).output).toEqual({ refusal: '' });
    expect(nemoGymToContext(rollout([message('Refunded.'), message('<think>Was it')])).output).toEqual({ text: '' });
  });

  it('pairs an output with the latest call before it of its call_id, or with the next one when it comes first', () => {
    const ctx = nemoGymToContext(
      rollout([
        fnOutput('c9', '"early"'),
        fnCall('a', '{}', 'c9'),
        fnCall('b', '{}', 'c1'),
        fnOutput('c1', '1'),
        fnCall('b', '{}', 'c1'),
        fnOutput('c1', '2'),
        fnOutput('c1', '3'),
      ]),
    );
    expect(ctx.tool_calls.map((c) => c.output)).toEqual(['"early"', '1', '3']);
  });

  it('parses a message that is a JSON object, and keeps other JSON as text', () => {
    expect(nemoGymToContext(rollout([message(['{"status": "refunded",', ' "confidence": 0.9}'])])).output).toEqual({ status: 'refunded', confidence: 0.9 });
    expect(nemoGymToContext(rollout([message('[1, 2]')])).output).toEqual({ text: '[1, 2]' });
    expect(nemoGymToContext(rollout([message('{ not json')])).output).toEqual({ text: '{ not json' });
  });

  it('leaves $.output absent without an assistant message, and $.tool_calls empty without calls', () => {
    const ctx = nemoGymToContext(rollout([message('hello', 'user')]));
    expect(ctx).toEqual({ tool_calls: [], tools: {}, task: [{ role: 'user', content: 'Where is my refund?' }], response: {} });
    expect('output' in ctx).toBe(false);
  });

  it("keeps the row's other top-level fields (a dataset's expected_answer) under the mapped ones", () => {
    const ctx = nemoGymToContext({ ...rollout([message('Paris')]), expected_answer: 'Paris', output: 'shadowed', __proto__x: 1 });
    expect(ctx['expected_answer']).toBe('Paris');
    expect(ctx.output).toEqual({ text: 'Paris' });
    expect(Object.keys(ctx)).toEqual(['expected_answer', '__proto__x', 'output', 'task', 'tool_calls', 'tools', 'response']);
    const judged = loadRuleSet({ rules: [{ id: 'same', condition: "get('$.output.text') == get('$.expected_answer')" }] });
    expect(verify(judged, ctx).passed).toBe(true);
  });

  it('keeps the task prompt (responses_create_params.input) as $.task, as written, and leaves it absent without one', () => {
    expect(nemoGymToContext({ responses_create_params: { input: 'Sum 2 and 3.' }, response: { output: [] } }).task).toBe('Sum 2 and 3.');
    expect('task' in nemoGymToContext({ response: { output: [] } })).toBe(false);
  });

  it('keeps a refusal beside the text, and reads a string content as the text', () => {
    const m = {
      type: 'message',
      role: 'assistant',
      content: [
        { type: 'refusal', refusal: 'no' },
        { type: 'output_text', text: 'ok' },
      ],
    };
    expect(nemoGymToContext(rollout([m])).output).toEqual({ text: 'ok', refusal: 'no' });
    expect(nemoGymToContext(rollout([{ type: 'message', role: 'assistant', content: 'plain' }])).output).toEqual({ text: 'plain' });
  });

  it('keeps a tool named __proto__ as an ordinary key', () => {
    const ctx = nemoGymToContext(rollout([fnCall('__proto__', '{}', 'x'), fnOutput('x', 'out')]));
    expect(Object.keys(ctx.tools)).toEqual(['__proto__']);
    expect(Object.getPrototypeOf(ctx.tools)).toBe(Object.prototype);
  });

  it('rejects a value without a response.output list', () => {
    expect(() => nemoGymToContext({ response: {} })).toThrow(/response\.output/);
    expect(() => nemoGymToContext([1])).toThrow(TypeError);
  });

  it('rejects an item that is not an object, naming where it is, in a list of items or of turns', () => {
    expect(() => nemoGymToContext(rollout([message('a'), 'oops']))).toThrow('response.output[1] is a string, not an output item');
    expect(() => nemoGymToContext(rollout([[message('a')], [message('a'), null]]))).toThrow('response.output[1][1] is null, not an output item');
  });

  it('reads turns in order, each item once: a later turn repeats an earlier one by call_id or id', () => {
    const t1 = [fnCall('search', '{"q":"a"}', 'c1'), fnOutput('c1', '1')];
    const t2 = [...t1, fnCall('search', '{"q":"b"}', 'c2'), fnOutput('c2', '2'), message('done')];
    const ctx = nemoGymToContext(rollout([t1, t2]));
    expect(ctx.tool_calls.map((c) => c.output)).toEqual(['1', '2']);
    expect(ctx.output).toEqual({ text: 'done' });
    // turns that do not repeat each other are simply concatenated
    expect(nemoGymToContext(rollout([[fnCall('a', '{}', 'x')], [fnCall('b', '{}', 'y')]])).tool_calls.map((c) => c.name)).toEqual(['a', 'b']);
    // an empty list of turns and an empty turn map to a session where the agent did nothing
    expect(nemoGymToContext(rollout([[]]))).toEqual({ tool_calls: [], tools: {}, task: [{ role: 'user', content: 'Where is my refund?' }], response: {} });
  });

  it('compares the items of turns without recursing: a deeply nested item maps, it does not overflow the stack', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`) as unknown[];
    const item = { type: 'message', role: 'user', content: deep };
    const ctx = nemoGymToContext(
      rollout([
        [item, fnCall('a', '{}', 'x')],
        [item, fnCall('a', '{}', 'x'), message('done')],
      ]),
    );
    expect(ctx.tool_calls.map((c) => c.name)).toEqual(['a']);
    expect(ctx.output).toEqual({ text: 'done' });
  });

  it('custom_tool_call items are tool calls, their input the arguments and custom_tool_call_output their output', () => {
    const ctx = nemoGymToContext(
      rollout([
        { type: 'custom_tool_call', call_id: 'k1', name: 'run_sql', input: 'SELECT 1' },
        { type: 'custom_tool_call_output', call_id: 'k1', output: '1 row' },
      ]),
    );
    expect(ctx.tool_calls).toEqual([{ name: 'run_sql', arguments: 'SELECT 1', output: '1 row' }]);
  });

  it('copies only a text status, and the details of an incomplete or failed response', () => {
    expect(nemoGymToContext(rollout([], {})).response).toEqual({});
    const r = { responses_create_params: {}, response: { output: [], status: 'failed', error: { code: 'server_error', message: 'x' } } };
    expect(nemoGymToContext(r).response).toEqual({ status: 'failed', error: { code: 'server_error', message: 'x' } });
    expect(nemoGymToContext({ response: { output: [], status: 3 } }).response).toEqual({});
  });

  it('gives a context the agent builtins and rules read as usual', () => {
    const rs = loadRuleSet({
      rules: [
        { id: 'order', condition: "called_in_order(['lookup_account', 'search'])" },
        { id: 'hits', condition: "json_get(get('$.tools.search.outputs.latest'), '$.hits', 0) > 0" },
        { id: 'text', condition: "contains(lower(get('$.output.text')), 'refund')" },
      ],
    });
    const ctx = nemoGymToContext(
      rollout([fnCall('lookup_account', '{}', 'a'), fnCall('search', '{}', 'b'), fnOutput('b', '{"hits":2}'), message('Refund sent.')]),
    );
    expect(verify(rs, ctx)).toMatchObject({ passed: true, score: 1 });
  });
});
