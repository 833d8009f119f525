import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../../language/syntax/index.js';
import { sourceArb } from '../../../test/support/syntax/source-arb.js';
import { children, walk, type Node } from './nodes.js';

/** Pre-order by recursion over children(): what walk() must visit, for small trees. */
function preorder(node: Node, depth: number, out: Array<[Node, number]>): void {
  out.push([node, depth]);
  for (const c of children(node)) preorder(c, depth + 1, out);
}

describe('walk', () => {
  it('visits every node once, parents before children, in source order, with its depth', () => {
    const nested = ['if (a) [1, -x, f(2, 3)] else b ? c : not d', '[[1, 2], [3, [4]]]', 'f(g(1), h(2, i(3)))'];
    const check = (source: string) => {
      const { ast } = parse(source);
      const expected: Array<[Node, number]> = [];
      preorder(ast!, 0, expected);
      const visited: Array<[Node, number]> = [];
      walk(ast!, (n, d) => visited.push([n, d]));
      expect(visited).toEqual(expected);
      // the parser numbers nodes in the same order
      expect(visited.map(([n]) => n.id)).toEqual([...expected.keys()]);
    };
    for (const s of nested) check(s);
    fc.assert(fc.property(sourceArb, check), { seed: 5, numRuns: 300 });
  });
});
