import { compile } from '@userfn/core';
import { describe, expect, it } from 'vitest';
import { verifyRuleSet } from '../worker/verify-rules.js';
import { defaultRuleSet, sampleContextText } from './contexts.js';
import { GALLERY } from './gallery.js';

describe('examples gallery', () => {
  it('has every example the playground issue names', () => {
    const ids = GALLERY.map((e) => e.id);
    for (const id of ['require-output', 'structured-field', 'min-confidence', 'tool-ran', 'tool-sequence', 'combined', 'recency-reranker', 'step-transition'])
      expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  describe.each(GALLERY.filter((e) => e.mode === 'expression'))('$title', (ex) => {
    it('compiles without warnings and gives what it says on its profile example context', () => {
      const compiled = compile(ex.expression, { profile: ex.profile, ...(ex.now ? { now: ex.now } : {}) });
      expect(compiled.diagnostics).toEqual([]);
      const value = compiled.evaluate(JSON.parse(sampleContextText(ex.profile)));
      if (typeof ex.expect === 'number') expect(value).toBeCloseTo(ex.expect, 10);
      else expect(value).toEqual(ex.expect);
    });
  });

  it('the rule-set example loads and passes on the example session', () => {
    const r = verifyRuleSet(defaultRuleSet(), { ok: true, value: JSON.parse(sampleContextText('verification')) }, '');
    expect(r).toMatchObject({ status: 'ok', passed: true });
  });

  it('each profile example expression compiles without warnings on its profile', async () => {
    const { defaultExpression } = await import('./contexts.js');
    for (const p of ['verification', 'transition', 'reranker', 'any'] as const) {
      expect(compile(defaultExpression(p), { profile: p }).diagnostics).toEqual([]);
    }
  });
});
