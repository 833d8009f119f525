import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCase } from './case-run.js';
import { readCasesFile } from './cases.js';
import { loadRuleSet } from './load.js';

/** examples/rules: every rule set, each with its cases in cases/<name>.cases.json. */
const dir = new URL('../../../../examples/rules/', import.meta.url);

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
    // The cases are read and run as `userfn test` runs them (node/cli/test-command.test.ts runs the command itself).
    const read = readCasesFile(readFileSync(new URL(`cases/${name}.cases.json`, dir), 'utf8'), { fileName: `${name}.cases.json` });
    const cases = read.cases;

    it('loads without warnings, its cases without problems, and has passing and failing cases, each expecting a score and rule ids', () => {
      expect(ruleSet.warnings).toEqual([]);
      expect(read.problems).toEqual([]);
      expect(cases.some((c) => c.expect.passed)).toBe(true);
      expect(cases.some((c) => !c.expect.passed)).toBe(true);
      for (const c of cases) expect(Object.keys(c.expect).sort()).toEqual(expect.arrayContaining(['failures', 'passed', 'score', 'warnings']));
    });

    it.each(cases.map((c) => [c.title, c] as const))('%s', (_title, c) => {
      const outcome = runCase(ruleSet, c, { now: '2026-11-21T12:00:00Z' });
      expect(outcome.mismatches).toEqual([]);
      expect(outcome.error).toBeUndefined();
      const v = outcome.verification!;
      // Every rule that did not hold says why, and no rule fails with a runtime error.
      for (const r of v.results.filter((x) => !x.passed)) {
        expect(r.explanation).toBeTruthy();
        expect(r.error).toBeUndefined();
      }
    });
  });
});
