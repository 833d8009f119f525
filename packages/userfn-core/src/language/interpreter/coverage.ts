import { walk, type Node } from '../../common/ast/nodes.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Tracer } from './interpret.js';

/** A place whose reaching coverage records: an operand of `and`/`or`, or a branch of a conditional. */
export interface CoveragePoint {
  readonly kind: 'operand' | 'branch';
  /** `and` left, `or` right, `then`, `else`. */
  readonly role: string;
  /** The operand or branch itself. */
  readonly node: Node;
  readonly span: Span;
}

/** The coverage points of a syntax tree, in source order. */
export function coveragePoints(ast: Node): CoveragePoint[] {
  const points: CoveragePoint[] = [];
  walk(ast, (node) => {
    if (node.kind === 'logical') {
      points.push({ kind: 'operand', role: `${node.op} left`, node: node.left, span: node.left.span });
      points.push({ kind: 'operand', role: `${node.op} right`, node: node.right, span: node.right.span });
    } else if (node.kind === 'conditional') {
      points.push({ kind: 'branch', role: 'then', node: node.then, span: node.then.span });
      points.push({ kind: 'branch', role: 'else', node: node.else, span: node.else.span });
    }
  });
  return points.sort((a, b) => a.span.start - b.span.start || a.span.end - b.span.end);
}

/**
 * A tracer for `interpret` that adds every node it starts to evaluate to
 * `reached`. Coverage runs the reference interpreter with it; evaluation
 * without a tracer (every other run) pays nothing for coverage.
 */
export function reachTracer(reached: Set<Node>): Tracer {
  return {
    enter: (node) => void reached.add(node),
    value: () => {},
    fault: () => {},
  };
}
