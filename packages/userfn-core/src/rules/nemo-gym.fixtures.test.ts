/**
 * The NeMo Gym mapping on real-shaped rollouts (nemo-gym-fixtures/): each
 * maps to what the agent did, and the rules a trainer would write give the
 * verdict the documented semantics give.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from './load.js';
import { NemoGymInputError, nemoGymToContext } from './nemo-gym.js';
import { verify } from './verify.js';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, 'nemo-gym-fixtures', `${name}.jsonl`), 'utf8'));
const context = (name: string) => nemoGymToContext(fixture(name));
const score = (name: string, ...conditions: string[]) =>
  verify(loadRuleSet({ rules: conditions.map((condition, i) => ({ id: `r${i}`, condition })) }), context(name)).results.map((r) => r.passed);

describe('NeMo Gym rollouts of real shape', () => {
  it('the simple agent: the call, its output as latest, the answer and the status', () => {
    const ctx = context('simple-weather');
    expect(ctx.tool_calls).toEqual([{ name: 'get_weather', arguments: { city: 'Lyon' }, output: '{"city": "Lyon", "temp_c": 21.0, "sky": "clear"}' }]);
    expect(ctx.output).toEqual({ text: 'It is 21 °C and clear in Lyon right now.' });
    expect(ctx.response).toEqual({ status: 'completed', incomplete_details: null, error: null });
    expect(
      score(
        'simple-weather',
        "called('get_weather')",
        "json_get(get('$.tools.get_weather.outputs.latest'), '$.temp_c', -99) > 20",
        "get('$.response.status') == 'completed'",
      ),
    ).toEqual([true, true, true]);
  });

  it('aviary: a list of cumulative turns maps every call once, in order, not an empty context', () => {
    const ctx = context('aviary-turns');
    expect(ctx.tool_calls.map((c) => [c.name, c.arguments, c.output])).toEqual([
      ['calculator', { expr: '180 + 120' }, '300'],
      ['calculator', { expr: '2 + 1.5' }, '3.5'],
      ['calculator', { expr: '300 / 3.5' }, '85.71428571428571'],
      ['submit_answer', { answer: '85.71' }, 'True'],
    ]);
    expect(ctx.tools).toEqual({ calculator: { outputs: { latest: '85.71428571428571' } }, submit_answer: { outputs: { latest: 'True' } } });
    // no assistant message in any turn: no output; the response gives no status
    expect('output' in ctx).toBe(false);
    expect(ctx.response.status).toBeUndefined();
    expect(
      score(
        'aviary-turns',
        "call_count('calculator') == 3",
        "called_in_order(['calculator', 'submit_answer'])",
        "get('$.tools.submit_answer.outputs.latest') == 'True'",
        "get('$.output') != null",
      ),
    ).toEqual([true, true, true, false]);
  });

  it('a function_call_output whose output is content parts maps to the text of its text parts', () => {
    const ctx = context('content-part-output');
    expect(ctx.tool_calls[0]!.output).toBe('{"city": "Oslo", "temp_c": -3.5}');
    expect(score('content-part-output', "json_get(get('$.tools.get_weather.outputs.latest'), '$.temp_c') < 0")).toEqual([true]);
  });

  it('a refusal is visible as $.output.refusal, and there is no answer text', () => {
    const ctx = context('refusal');
    expect(ctx.output).toEqual({ refusal: "I can't help with writing phishing emails." });
    expect(score('refusal', "get('$.output.refusal') == null", "get('$.output.text') != null", "contains(get('$.output.refusal'), 'phishing')")).toEqual([
      false,
      false,
      true,
    ]);
  });

  it('mcp_call items are tool calls that called() sees, with their own output or error', () => {
    const ctx = context('mcp-calls');
    expect(ctx.tool_calls).toEqual([
      { name: 'search_docs', arguments: { query: 'rotate api key' }, output: '{"hits": 2, "top": "Keys > Rotate"}' },
      { name: 'read_page', arguments: { page: 'keys/rotate' }, error: 'page not found' },
    ]);
    expect(ctx.tools).toEqual({ search_docs: { outputs: { latest: '{"hits": 2, "top": "Keys > Rotate"}' } } });
    expect(
      score(
        'mcp-calls',
        "called('search_docs')",
        "called_in_order(['search_docs', 'read_page'])",
        "get('$.tool_calls[1].error') == null",
        "json_get(get('$.tools.search_docs.outputs.latest'), '$.hits', 0) > 0",
      ),
    ).toEqual([true, true, false, true]);
  });

  it('response.status is readable: a rule rejects a truncated rollout; reasoning cut off leaves no answer', () => {
    const ctx = context('incomplete-thinking');
    expect(ctx.response).toEqual({ status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, error: null });
    expect(ctx.output).toEqual({ text: '' });
    expect(
      score('incomplete-thinking', "get('$.response.status') != 'incomplete'", "get('$.response.incomplete_details.reason') == 'max_output_tokens'"),
    ).toEqual([false, true]);
  });

  it('<think> reasoning is removed from $.output.text', () => {
    expect(context('think-answer').output).toEqual({ text: '9.9 is larger than 9.11.' });
    expect(context('think-close-only').output).toEqual({ text: 'No: 221 = 13 × 17.' });
    expect(score('think-answer', "starts_with(get('$.output.text'), '9.9')", "not contains(get('$.output.text'), 'tenths')")).toEqual([true, true]);
  });

  it('a fenced ```json object is structured output, also after a think block', () => {
    expect(context('fenced-json').output).toEqual({ category: 'billing', confidence: 0.92 });
    expect(context('think-fenced-json').output).toEqual({ answer: 'Canberra' });
    expect(score('fenced-json', "get('$.output.category') == 'billing' and get('$.output.confidence') >= 0.9")).toEqual([true]);
  });

  it('a call_id reused by a later response (call_0 per response) pairs each call with its own output', () => {
    const ctx = context('per-response-call-ids');
    expect(ctx.tool_calls).toEqual([
      { name: 'get_order', arguments: { order_id: 'A1' }, output: '{"order_id": "A1", "state": "damaged", "total": 42.5}' },
      { name: 'refund', arguments: { order_id: 'A1' }, output: '{"refund_id": "rf_9", "amount": 42.5}' },
    ]);
    expect(
      score(
        'per-response-call-ids',
        "json_get(get('$.tool_calls[0].output'), '$.state') == 'damaged'",
        "json_get(get('$.tools.refund.outputs.latest'), '$.amount', 0) == 42.5",
        "json_get(get('$.tools.get_order.outputs.latest'), '$.refund_id') == null",
      ),
    ).toEqual([true, true, true]);
  });

  it('aviary: cumulative turns whose model reuses call_0 map every call of every turn, each with its output', () => {
    const ctx = context('aviary-per-response-ids');
    expect(ctx.tool_calls.map((c) => [c.name, c.arguments, c.output])).toEqual([
      ['calculator', { expr: '180 + 120' }, '300'],
      ['calculator', { expr: '300 / 4' }, '75.0'],
      ['submit_answer', { answer: '75' }, 'True'],
    ]);
    expect(score('aviary-per-response-ids', "call_count('calculator') == 2", "called_in_order(['calculator', 'calculator', 'submit_answer'])")).toEqual([
      true,
      true,
    ]);
  });

  it('aviary: collapsed environment states change the prefix; repeated items are read once and a few-shot reply is not the answer', () => {
    const ctx = context('aviary-collapsed-states');
    expect(ctx.tool_calls.map((c) => [c.name, c.output])).toEqual([
      ['calculator', '24'],
      ['submit_answer', 'True'],
    ]);
    expect(ctx.output).toEqual({ text: 'Let me double x first.' });
  });

  it('an empty assistant message after the answer (an adapter placeholder) is not the answer', () => {
    const ctx = context('empty-final-message');
    expect(ctx.output).toEqual({ text: "You're welcome, have a good day!" });
    expect(score('empty-final-message', "get('$.output.text') != ''", "called_in_order(['get_book', 'update_book_record'])")).toEqual([true, true]);
  });

  it('hosted calls (web search, file search, code interpreter, local shell) are tool calls named by their kind, with what they asked and returned', () => {
    const ctx = context('hosted-calls');
    expect(ctx.tool_calls.map((c) => c.name)).toEqual(['web_search', 'file_search', 'code_interpreter', 'local_shell']);
    expect(ctx.tool_calls[0]).toEqual({ name: 'web_search', arguments: { type: 'search', query: "today's date", sources: null } });
    expect(ctx.tool_calls[3]!.output).toBe('2026-11-21\n');
    expect(
      score(
        'hosted-calls',
        "called_in_order(['web_search', 'code_interpreter'])",
        "contains(get('$.tool_calls[0].arguments.query'), 'date')",
        "get('$.tools.code_interpreter.outputs.latest[0].logs') == get('$.expected_answer') + '\n'",
        "get('$.tools.file_search.outputs.latest[0].filename') == 'calendar.md'",
        "get('$.tools.local_shell.outputs.latest') != null and not called('function_call')",
      ),
    ).toEqual([true, true, true, true, true]);
  });

  it('a list that mixes turns and items is an input error naming where', () => {
    expect(() => context('mixed-turns')).toThrow(NemoGymInputError);
    expect(() => context('mixed-turns')).toThrow(
      'response.output mixes turns and items: response.output[0] is a list (a turn), response.output[1] is an object',
    );
  });
});
