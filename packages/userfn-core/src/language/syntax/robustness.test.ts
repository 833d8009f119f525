import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walk } from '../../common/ast/nodes.js';
import { parse, tokenize } from './index.js';
import { lex } from './token-stream.js';
import { parseTokens } from './parser.js';
import { sourceArb } from '../../../test/support/syntax/source-arb.js';

describe('parse never throws, and its result is well-formed', () => {
  it('on random sources built from the language', () => {
    fc.assert(
      fc.property(sourceArb, (source) => {
        const r = parse(source);
        // every span lies in the source and is half-open
        for (const d of r.diagnostics) {
          expect(d.span.start).toBeGreaterThanOrEqual(0);
          expect(d.span.end).toBeGreaterThanOrEqual(d.span.start);
          expect(d.span.end).toBeLessThanOrEqual(source.length);
          expect(d.message.length).toBeGreaterThan(0);
        }
        // each (code, span) once
        const keys = r.diagnostics.map((d) => `${d.code}:${d.span.start}:${d.span.end}`);
        expect(new Set(keys).size).toBe(keys.length);
        // a tree is always built (no limit can be hit here), numbered 0..n-1
        expect(r.ast).not.toBeNull();
        const ids: number[] = [];
        walk(r.ast!, (n) => {
          ids.push(n.id);
          expect(n.span.start).toBeGreaterThanOrEqual(0);
          expect(n.span.end).toBeLessThanOrEqual(source.length);
          expect(n.span.end).toBeGreaterThanOrEqual(n.span.start);
        });
        expect(ids).toEqual([...Array(r.nodeCount).keys()]);
        // a source without diagnostics has no ErrorNode
        if (r.diagnostics.length === 0) walk(r.ast!, (n) => expect(n.kind).not.toBe('error'));
      }),
      { seed: 42, numRuns: 500 },
    );
  });

  it('on random strings of any characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 60 }), fc.string({ unit: 'binary', maxLength: 60 }), (a, b) => {
        expect(() => parse(a + b)).not.toThrow();
        expect(() => tokenize(a + b)).not.toThrow();
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('the grammar accepts every token sequence: Chevrotain itself never reports an error', () => {
    fc.assert(
      fc.property(sourceArb, (source) => {
        expect(parseTokens(lex(source).significant).errors).toEqual([]);
      }),
      { seed: 7, numRuns: 500 },
    );
  });

  it('tokenize covers the source: tokens are ordered, disjoint, and only whitespace lies between them', () => {
    fc.assert(
      fc.property(sourceArb, (source) => {
        let at = 0;
        for (const t of tokenize(source)) {
          expect(source.slice(at, t.span.start).trim()).toBe('');
          expect(source.slice(t.span.start, t.span.end)).toBe(t.image);
          at = t.span.end;
        }
        expect(source.slice(at).trim()).toBe('');
      }),
      { seed: 42, numRuns: 300 },
    );
  });
});
