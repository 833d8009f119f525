import { describe, expect, it } from 'vitest';
import { loadCoreCopies } from './core-copies.mjs';

// The --own-copies engine of the shared-process bench stands for code per expression only
// if each copy is a module of its own (its own function literals) and computes what the
// package computes.
describe('loadCoreCopies', () => {
  it('gives module instances of their own that evaluate as the package does', async () => {
    const [a, b] = await loadCoreCopies(2);
    expect(a.compile).not.toBe(b.compile);
    const core = await import('@userfn/core');
    const context = { output: { confidence: 0.9, status: 'indexed' }, tool_calls: [{ name: 'search' }] };
    for (const source of [
      "get('$.output.confidence') >= 0.8 and called('search')",
      "get('$.output.status') in ['partial', 'failed']",
      "get('$.missing') != null",
    ]) {
      const expected = core.compile(source, { profile: 'verification' }).evaluate(context);
      expect(a.compile(source, { profile: 'verification' }).evaluate(context)).toBe(expected);
      expect(b.compile(source, { profile: 'verification' }).evaluate(context)).toBe(expected);
    }
  }, 60_000);
});
