import { children, pushChildrenReversed, type Conditional, type Node, type UnaryOp } from '../../common/ast/nodes.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { InfixOp } from './operators.js';

/*
 * Node constructors for the CST -> AST step. Nodes are created with id -1 and
 * numbered once the tree is final (numberNodes), so subtrees that recovery
 * discards leave no gaps: ids are exactly 0 .. nodeCount-1, in pre-order.
 */

/**
 * A converted sub-expression: its node, and its extent in the source, which
 * also covers any parentheses around it (the node's own span does not), so
 * that a parent's span starts and ends on whole tokens.
 */
export interface Operand {
  readonly node: Node;
  readonly extent: Span;
}

const UNNUMBERED = -1;

/** An ErrorNode: where recovery stands in for something missing or invalid. */
export function errorNode(span: Span): Node {
  return { kind: 'error', id: UNNUMBERED, span };
}

/** An operand for a missing part: an ErrorNode with an empty span at `at`. */
export function missingOperand(at: number): Operand {
  const span = { start: at, end: at };
  return { node: errorNode(span), extent: span };
}

/** A NumberLiteral; `raw` is the literal as written. */
export function numberNode(span: Span, value: number, raw: string): Node {
  return { kind: 'number', id: UNNUMBERED, span, value, raw };
}

/** A StringLiteral with its decoded value. */
export function stringNode(span: Span, value: string): Node {
  return { kind: 'string', id: UNNUMBERED, span, value };
}

/** A BooleanLiteral. */
export function booleanNode(span: Span, value: boolean): Node {
  return { kind: 'boolean', id: UNNUMBERED, span, value };
}

/** A NullLiteral. */
export function nullNode(span: Span): Node {
  return { kind: 'null', id: UNNUMBERED, span };
}

/** A ListLiteral. */
export function listNode(span: Span, items: readonly Node[]): Node {
  return { kind: 'list', id: UNNUMBERED, span, items };
}

/** A Call; `name` is case-sensitive, as written. */
export function callNode(span: Span, name: string, nameSpan: Span, args: readonly Node[]): Node {
  return { kind: 'call', id: UNNUMBERED, span, name, nameSpan, args };
}

/** A Unary node. */
export function unaryNode(span: Span, op: UnaryOp, operand: Node): Node {
  return { kind: 'unary', id: UNNUMBERED, span, op, operand };
}

/** A Binary node, or a Logical one for `and` / `or`. */
export function infixNode(span: Span, op: InfixOp, left: Node, right: Node, opSpan: Span): Node {
  if (op === 'and' || op === 'or') return { kind: 'logical', id: UNNUMBERED, span, op, left, right, opSpan };
  return { kind: 'binary', id: UNNUMBERED, span, op, left, right, opSpan };
}

/** A Conditional in one of its three written forms. */
export function conditionalNode(span: Span, form: Conditional['form'], test: Node, then: Node, otherwise: Node): Node {
  return { kind: 'conditional', id: UNNUMBERED, span, form, test, then, else: otherwise };
}

/** Gives every node of the final tree its id, 0 .. n-1 in pre-order (source order); returns n. */
export function numberNodes(root: Node): number {
  // walk() without its depths and its callback: every parse numbers its tree
  let next = 0;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    (node as { id: number }).id = next++;
    pushChildrenReversed(node, stack);
  }
  return next;
}

/** A copy of a subtree, positions kept, not yet numbered. Iterative: the subtree may be deep. */
export function cloneTree(root: Node): Node {
  const copies = new Map<Node, Node>();
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack[stack.length - 1]!;
    const pending = children(node).filter((c) => !copies.has(c));
    if (pending.length > 0) {
      stack.push(...pending);
      continue;
    }
    stack.pop();
    copies.set(
      node,
      copyOf(node, (c) => copies.get(c)!),
    );
  }
  return copies.get(root)!;
}

function copyOf(node: Node, copy: (child: Node) => Node): Node {
  switch (node.kind) {
    case 'list':
      return { ...node, id: UNNUMBERED, items: node.items.map(copy) };
    case 'call':
      return { ...node, id: UNNUMBERED, args: node.args.map(copy) };
    case 'unary':
      return { ...node, id: UNNUMBERED, operand: copy(node.operand) };
    case 'binary':
    case 'logical':
      return { ...node, id: UNNUMBERED, left: copy(node.left), right: copy(node.right) };
    case 'conditional':
      return { ...node, id: UNNUMBERED, test: copy(node.test), then: copy(node.then), else: copy(node.else) };
    default:
      return { ...node, id: UNNUMBERED };
  }
}
