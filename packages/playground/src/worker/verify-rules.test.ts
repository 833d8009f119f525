import { describe, expect, it } from 'vitest';
import { defaultRuleSet, sampleContextText } from '../examples/contexts.js';
import { verifyRuleSet } from './verify-rules.js';

const session = { ok: true as const, value: JSON.parse(sampleContextText('verification')) as unknown };

describe('verifyRuleSet', () => {
  it('verifies the default rule set on the example session: passed, one warning, the score', () => {
    const r = verifyRuleSet(defaultRuleSet(), session, '');
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.passed).toBe(true);
    expect(r.profile).toBe('verification');
    expect(r.rows.map((x) => [x.id, x.passed])).toEqual([
      ['has-output', true],
      ['refunded', true],
      ['verified-before-refund', true],
      ['refund-succeeded', true],
      ['very-confident', false],
      ['no-account-deletion', true],
    ]);
    expect(r.score).toBeCloseTo(7 / 8);
    const miss = r.rows.find((x) => !x.passed)!;
    expect(miss).toMatchObject({ severity: 'warning', message: "The agent's confidence is below 0.95." });
    expect(miss.explanation).toContain('0.91');
  });

  it('fails the record when an error rule does not hold', () => {
    const r = verifyRuleSet(defaultRuleSet(), { ok: true, value: { output: { status: 'escalated' } } }, '');
    expect(r).toMatchObject({ status: 'ok', passed: false });
  });

  it('shows judge rules with their prompt as not run (no judge endpoint), out of the verdict and the score', () => {
    const yaml = [
      'rules:',
      '  - id: refunded',
      "    condition: get('$.output.status') == 'refunded'",
      '  - id: polite',
      '    judge: { prompt: The reply is polite. }',
      '  - id: refund-explained',
      "    when: called('nothing_called_this')",
      '    judge: { prompt: Explains the refund. }',
      '',
    ].join('\n');
    const r = verifyRuleSet(yaml, { ok: true, value: { output: { status: 'refunded' }, tool_calls: [] } }, '');
    if (r.status !== 'ok') throw new Error(r.status);
    expect(r.rows.map((x) => [x.id, x.judge, x.condition])).toEqual([
      ['refunded', undefined, "get('$.output.status') == 'refunded'"],
      ['polite', 'not run: no judge endpoint', 'judge: The reply is polite.'],
      ['refund-explained', 'skipped: its when does not hold', "judge: Explains the refund.\nwhen: called('nothing_called_this')"],
    ]);
    expect(r).toMatchObject({ passed: true, notRun: 1, score: 1 });
    expect(r.rows[1]!.explanation).toBeUndefined();
  });

  it('reads YAML rule sets too', () => {
    const yaml = "profile: transition\nrules:\n  - id: billing\n    condition: get('$.output.category') == 'billing'\n    message: not billing\n";
    const r = verifyRuleSet(yaml, { ok: true, value: { output: { category: 'billing' } } }, '');
    expect(r).toMatchObject({ status: 'ok', passed: true, profile: 'transition', score: 1 });
  });

  it('lists every problem of a rule set that does not load, with positions', () => {
    const r = verifyRuleSet('{ "rules": [ { "id": "a", "condition": "lenght(1)" }, { "id": "a", "condition": "1 +" } ] }', session, '');
    if (r.status !== 'invalid') throw new Error(r.status);
    expect(r.problems.length).toBeGreaterThanOrEqual(3);
    expect(r.problems.join('\n')).toMatch(/UF2001/);
    expect(r.problems[0]).toMatch(/^1:\d+: rule 'a': /);
  });

  it('says when the context is not JSON or the clock is bad', () => {
    expect(verifyRuleSet(defaultRuleSet(), { ok: false, message: 'not JSON' }, '')).toEqual({ status: 'context-error', message: 'not JSON' });
    expect(verifyRuleSet(defaultRuleSet(), session, 'soon')).toMatchObject({ status: 'clock-error' });
  });
});
