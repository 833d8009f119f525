import { describe, expect, it } from 'vitest';
import { compilePath, type FilterSelector, type PathSegment } from './index.js';

describe('parsed segments', () => {
  it('describes every selector kind with its position in the path', () => {
    const path = "$.a[0, 'b', *][1:-1:2]..c..*[?@.x > 1]";
    const segs: readonly PathSegment[] = compilePath(path).segments;
    const text = (s: { offset: number; length: number }) => path.slice(s.offset, s.offset + s.length);
    expect(segs.map(text)).toEqual(['.a', "[0, 'b', *]", '[1:-1:2]', '..c', '..*', '[?@.x > 1]']);
    expect(segs.map((s) => s.descendant)).toEqual([false, false, false, true, true, false]);
    expect(segs[0]!.selectors).toEqual([{ kind: 'name', name: 'a', shorthand: true, offset: 2, length: 1 }]);
    expect(segs[1]!.selectors.map((s) => s.kind)).toEqual(['index', 'name', 'wildcard']);
    expect(segs[1]!.selectors.map(text)).toEqual(['0', "'b'", '*']);
    expect(segs[1]!.selectors[1]).toMatchObject({ kind: 'name', name: 'b', shorthand: false });
    expect(segs[2]!.selectors[0]).toMatchObject({ kind: 'slice', start: 1, end: -1, step: 2 });
    expect(compilePath('$[::]').segments[0]!.selectors[0]).toMatchObject({ kind: 'slice', start: null, end: null, step: null });
    const filter = segs[5]!.selectors[0] as FilterSelector;
    expect(filter.kind).toBe('filter');
    expect(filter.expr).toMatchObject({
      kind: 'comparison',
      op: '>',
      left: { kind: 'query', root: '@', singular: true, segments: [{ selectors: [{ kind: 'name', name: 'x' }] }] },
      right: { kind: 'literal', value: 1 },
    });
    expect(text(filter.expr)).toBe('@.x > 1');
  });

  it('records function calls with their checked arguments and result type', () => {
    const f = compilePath("$[?match(@.name, 'a.*') && count($..x) > 1]").segments[0]!.selectors[0] as FilterSelector;
    expect(f.expr).toMatchObject({
      kind: 'and',
      operands: [
        { kind: 'test', operand: { kind: 'function', name: 'match', result: 'logical', args: [{ kind: 'query' }, { kind: 'literal', value: 'a.*' }] } },
        { kind: 'comparison', left: { kind: 'function', name: 'count', result: 'value', args: [{ kind: 'query', root: '$', singular: false }] } },
      ],
    });
  });
});
