import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadRuleSet } from './load.js';
import { verify } from './verify.js';

/** examples/rules: every rule set, each with its cases in cases/<name>.cases.json. */
const dir = new URL('../../../../examples/rules/', import.meta.url);

interface Case {
  readonly title: string;
  readonly context: unknown;
  readonly passed: boolean;
  readonly score: number;
  readonly failures: readonly string[];
  readonly warnings: readonly string[];
}

const files = readdirSync(dir).filter((f) => /\.rules\.(json|ya?ml)$/.test(f));

describe('examples/rules', () => {
  it('has a rule set for each kind of check agent-evaluation tools offer, and at least one in YAML', () => {
    expect(files.sort()).toEqual(
      expect.arrayContaining([
        'confidence.rules.json',
        'evidence.rules.yaml',
        'forbidden-tools.rules.yaml',
        'json-output.rules.json',
        'required-tools.rules.json',
        'response-text.rules.yaml',
        'support.rules.json',
        'tool-sequence.rules.json',
        'weighted-reward.rules.yaml',
      ]),
    );
    expect(files.some((f) => f.endsWith('.yaml'))).toBe(true);
  });

  describe.each(files)('%s', (file) => {
    const name = file.replace(/\.rules\.(json|ya?ml)$/, '');
    const ruleSet = loadRuleSet(readFileSync(new URL(file, dir), 'utf8'), { fileName: file });
    const { cases } = JSON.parse(readFileSync(new URL(`cases/${name}.cases.json`, dir), 'utf8')) as { cases: Case[] };

    it('loads without warnings and has passing and failing cases', () => {
      expect(ruleSet.warnings).toEqual([]);
      expect(cases.some((c) => c.passed)).toBe(true);
      expect(cases.some((c) => !c.passed)).toBe(true);
    });

    it.each(cases.map((c) => [c.title, c] as const))('%s', (_title, c) => {
      const v = verify(ruleSet, c.context, { now: '2026-11-21T12:00:00Z' });
      const missed = (severity: string) => v.results.filter((r) => !r.passed && r.severity === severity).map((r) => r.id);
      expect({ passed: v.passed, failures: missed('error'), warnings: missed('warning') }).toEqual({ passed: c.passed, failures: c.failures, warnings: c.warnings });
      expect(v.score).toBeCloseTo(c.score, 12);
      // Every rule that did not hold says why, and no rule fails with a runtime error.
      for (const r of v.results.filter((x) => !x.passed)) {
        expect(r.explanation).toBeTruthy();
        expect(r.error).toBeUndefined();
      }
    });
  });
});
