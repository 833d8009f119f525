import { describe, expect, it } from 'vitest';
import type { Rule } from 'chevrotain';
import { LazyLookahead } from './lazy-lookahead.js';

// Every parse in the suite runs through the lazily built functions (the shipped parser
// uses this strategy), so what is tested here is only that building waits for the first call.
describe('LazyLookahead', () => {
  const broken = { prodOccurrence: 1, rule: undefined as unknown as Rule, maxLookahead: 1, dynamicTokensEnabled: false };

  it('builds a choice’s lookahead when the choice is first reached, not before', () => {
    const lazy = new LazyLookahead(1);
    // No rule to analyse: building would throw, so returning a function proves nothing was built.
    const optional = lazy.buildLookaheadForOptional({ ...broken, prodType: 'Option' });
    const alternation = lazy.buildLookaheadForAlternation({ ...broken, hasPredicates: false });
    expect(typeof optional).toBe('function');
    expect(typeof alternation).toBe('function');
    expect(() => optional.call(undefined)).toThrow();
    expect(() => alternation.call(undefined, [])).toThrow();
  });
});
