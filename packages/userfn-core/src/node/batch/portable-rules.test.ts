import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { internalsOf } from '../../api/compiled.js';
import type { Node } from '../../common/ast/nodes.js';
import { compile, UserFnError, type Compiled } from '../../index.js';
import { loadRuleSet } from '../../rules/load.js';
import { verify } from '../../rules/verify.js';
import { loadConformance } from '../../../test/support/conformance.js';
import { portableRuleSet, rebuildCompiled, rebuildRuleSet } from './portable-rules.js';

const NOW = '2026-11-21T12:00:00Z';

/** What a compiled expression gives on a context, both evaluators and the explanation, as comparable data. */
function outcome(c: Compiled, context: unknown, how: 'evaluate' | 'interpret' | 'explain'): unknown {
  try {
    const v = how === 'explain' ? c.explain(context, { now: NOW }) : c[how](context, { now: NOW });
    return { value: JSON.stringify(v) };
  } catch (e) {
    if (!(e instanceof UserFnError)) throw e;
    return { error: e.toJSON() };
  }
}

/** A worker receives the tree by structured cloning, as postMessage sends it. */
const rebuilt = (c: Compiled) => rebuildCompiled(c.source, c.profile, structuredClone(internalsOf(c).checked.ast), c.limits, c.diagnostics);

describe('rebuildCompiled (a condition on a worker thread, without the parser)', () => {
  // Every conformance case that compiles without a host schema: its tree, cloned, gives the same values, errors and explanations.
  const cases = loadConformance()
    .flatMap((f) => f.cases)
    .filter((c) => c.schema === undefined);

  it('covers the conformance cases that compile', () => {
    expect(cases.length).toBeGreaterThan(250);
  });

  it.each(cases.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    let original: Compiled;
    try {
      original = compile(c.expr, { profile: c.profile ?? 'any' });
    } catch (e) {
      if (e instanceof UserFnError) return; // a compile error never reaches a worker
      throw e;
    }
    const copy = rebuilt(original);
    expect(copy.type).toBe(original.type);
    for (const how of ['evaluate', 'interpret', 'explain'] as const) {
      expect(outcome(copy, c.context ?? {}, how)).toEqual(outcome(original, c.context ?? {}, how));
    }
  });

  it('checks the tree again: a tree the checker refuses throws', () => {
    const original = compile("upper(get('$.a')) == 'A'", { profile: 'any' });
    const ast = structuredClone(internalsOf(original).checked.ast) as Node & { left: { name: string } };
    ast.left.name = 'no_such_function';
    expect(() => rebuildCompiled(original.source, 'any', ast, original.limits, [])).toThrow(/does not check again: unknown function/);
  });
});

describe('portableRuleSet and rebuildRuleSet', () => {
  const examples = new URL('../../../../../examples/', import.meta.url);
  const ruleSet = loadRuleSet(readFileSync(new URL('rules/support.rules.json', examples), 'utf8'), { fileName: 'support.rules.json' });
  const sessions = readFileSync(new URL('sessions.jsonl', examples), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as unknown);

  it('rebuilds a rule set that verifies every example session exactly as the loaded one', () => {
    const copy = rebuildRuleSet(structuredClone(portableRuleSet(ruleSet)));
    expect(copy.rules.map((r) => r.id)).toEqual(ruleSet.rules.map((r) => r.id));
    expect(copy.totalWeight).toBe(ruleSet.totalWeight);
    expect(sessions.length).toBeGreaterThan(100);
    for (const s of sessions) expect(verify(copy, s, { now: NOW })).toEqual(verify(ruleSet, s, { now: NOW }));
  });

  it('refuses a rule set that needs the host (its schema or functions)', () => {
    const hosted = loadRuleSet({ rules: [{ id: 'a', condition: "get('$.x') == 1" }] }, { contextSchema: { type: 'object' } });
    expect(() => portableRuleSet(hosted)).toThrow(RangeError);
  });
});
