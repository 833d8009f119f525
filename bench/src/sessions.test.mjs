import { describe, expect, it } from 'vitest';
import { makeSession, prng } from './sessions.mjs';

const NOW = Date.parse('2026-11-21T12:00:00Z');

describe('generated sessions', () => {
  it('come from a seeded generator: the same seed gives the same records', () => {
    const a = prng(6);
    const b = prng(6);
    for (let i = 0; i < 50; i++) expect(makeSession(i, a, NOW)).toEqual(makeSession(i, b, NOW));
  });
  it('draw numbers in [0, 1)', () => {
    const r = prng(1);
    for (let i = 0; i < 1000; i++) {
      const x = r();
      expect(x >= 0 && x < 1).toBe(true);
    }
  });
  it('look like verification contexts keyed by session', () => {
    const s = makeSession(41, prng(2), NOW);
    expect(s.session.key).toBe('ses_000042');
    expect(typeof s.tools.search.outputs.latest).toBe('string');
  });
});
