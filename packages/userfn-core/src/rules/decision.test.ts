import { describe, expect, it } from 'vitest';
import { UserFnError } from '../common/diagnostics/user-fn-error.js';
import { RuleSetCodes } from './codes.js';
import { loadRuleSet } from './load.js';
import type { RuleSetError } from './rule-set-error.js';
import { verify } from './verify.js';

const contract = (maxRetries?: number) =>
  loadRuleSet(
    JSON.stringify({
      ...(maxRetries !== undefined ? { max_retries: maxRetries } : {}),
      rules: [
        { id: 'cites', condition: "length(get('$.output.sources', [])) > 0", retry_prompt: 'Cite at least one source.' },
        { id: 'answers', condition: "get('$.output.answer') != null", message: 'No answer.' },
        { id: 'no-delete', condition: "not called('delete_account')", on_fail: 'abort', retry_prompt: 'never shown' },
        { id: 'short', condition: "length(get('$.output.answer', '')) < 20", on_fail: 'warn' },
      ],
    }),
    { fileName: 'c.json' },
  );

const good = { output: { answer: 'yes', sources: ['kb'] }, tool_calls: [] };

describe('decisions', () => {
  it('on_fail and severity are one setting: warn is a warning, retry (the default) and abort are errors', () => {
    const rs = contract();
    expect(rs.rules.map((r) => [r.id, r.severity, r.on_fail])).toEqual([
      ['cites', 'error', 'retry'],
      ['answers', 'error', 'retry'],
      ['no-delete', 'error', 'abort'],
      ['short', 'warning', 'warn'],
    ]);
    expect(loadRuleSet({ rules: [{ id: 'w', condition: 'true', severity: 'warning' }] }).rules[0]!.on_fail).toBe('warn');
  });

  it('accepts when every error rule holds, even with a failed warning', () => {
    const v = verify(contract(), { ...good, output: { ...good.output, answer: 'a very long answer indeed, longer than twenty' } });
    expect(v).toMatchObject({ passed: true, decision: 'accept', attempt: 1 });
    expect(v.retry_prompt).toBeUndefined();
  });

  it('retries with the failed rules’ prompts joined, one per line, in rule-set order (the message when a rule has no prompt)', () => {
    const v = verify(contract(), { output: {}, tool_calls: [] });
    expect(v.decision).toBe('retry');
    expect(v.retry_prompt).toBe('Cite at least one source.\nNo answer.');
  });

  it('aborts when an on_fail: abort rule fails, whatever else failed', () => {
    const v = verify(contract(), { output: {}, tool_calls: [{ name: 'delete_account' }] });
    expect(v).toMatchObject({ passed: false, decision: 'abort' });
    expect(v.retry_prompt).toBeUndefined();
  });

  it('turns a retry past max_retries into an abort: attempts 1..1+max_retries may retry', () => {
    const rs = contract(2);
    const bad = { output: { answer: 'x' }, tool_calls: [] };
    expect([1, 2, 3, 4].map((attempt) => verify(rs, bad, { attempt }).decision)).toEqual(['retry', 'retry', 'abort', 'abort']);
    expect(verify(contract(0), bad).decision).toBe('abort');
    // Without max_retries there is no budget.
    expect(verify(contract(), bad, { attempt: 1000 })).toMatchObject({ decision: 'retry', attempt: 1000 });
    // A passing attempt is accepted whatever its number.
    expect(verify(rs, good, { attempt: 9 }).decision).toBe('accept');
  });

  it('refuses an attempt that is not a whole number >= 1', () => {
    for (const attempt of [0, -1, 1.5, Number.NaN]) expect(() => verify(contract(), good, { attempt })).toThrow(UserFnError);
    expect(() => verify(contract(), good, { attempt: '2' as unknown as number })).toThrow(/attempt must be a whole number/);
  });

  it('reports a bad on_fail, a contradiction with severity and a bad max_retries, each at its place', () => {
    const text = [
      '{"max_retries": -1, "rules": [',
      ' {"id": "a", "condition": "true", "on_fail": "retyr"},',
      ' {"id": "b", "condition": "true", "on_fail": "abort", "severity": "warning"},',
      ' {"id": "c", "condition": "true", "on_fail": "warn", "severity": "error"}',
      ']}',
    ].join('\n');
    let error: RuleSetError | undefined;
    try {
      loadRuleSet(text, { fileName: 'bad.json' });
    } catch (e) {
      error = e as RuleSetError;
    }
    expect(error?.problems.map((p) => [p.code, p.ruleId, p.file?.line])).toEqual([
      [RuleSetCodes.InvalidMaxRetries, undefined, 1],
      [RuleSetCodes.InvalidOnFail, 'a', 2],
      [RuleSetCodes.ConflictingOnFail, 'b', 3],
      [RuleSetCodes.ConflictingOnFail, 'c', 4],
    ]);
    expect(error?.problems[1]?.hint).toBe("did you mean 'retry'?");
  });

  it('keeps on_fail and max_retries in the definition, which rebuilds the same rule set', () => {
    const rs = contract(3);
    expect(rs.definition.max_retries).toBe(3);
    const again = loadRuleSet(rs.definition);
    expect(again.definition).toEqual(rs.definition);
    expect(verify(again, { output: {}, tool_calls: [] }, { attempt: 4 }).decision).toBe('abort');
  });
});
