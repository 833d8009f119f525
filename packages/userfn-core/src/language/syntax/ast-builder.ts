import {
  children,
  pushChildrenReversed,
  type Binary,
  type BooleanLiteral,
  type Call,
  type Conditional,
  type ErrorNode,
  type ListLiteral,
  type Logical,
  type Node,
  type NullLiteral,
  type NumberLiteral,
  type StringLiteral,
  type Unary,
  type UnaryOp,
} from '../../common/ast/nodes.js';
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

/** Every field of every kind of node: what blank() makes and each constructor fills. */
interface NodeFields extends AllFields {
  kind: Node['kind'];
  id: number;
  span: Span;
}

/** Each field any kind of node has, as a field that may hold anything: TypeScript fails the build if NodeFields (through blank()) misses one. */
type AllFields = { -readonly [F in Exclude<Node extends infer N ? (N extends Node ? keyof N : never) : never, 'kind' | 'id' | 'span'>]: unknown };

/** A node of kind `K` being filled: its own fields, typed. */
type Filling<K extends Node> = { -readonly [F in Exclude<keyof K, 'kind' | 'id' | 'span'>]: K[F] };

/**
 * A node of one shape for every kind: all the fields, those of other kinds
 * undefined, always in this order. The checker, the compiler and every walk
 * read nodes of all kinds at the same sites (`node.kind`, `node.id`); with
 * the fields of its kind only, a node had one of eight hidden classes (kinds
 * with the same fields share one), and those sites went megamorphic
 * (compile ÷ floor W1 2.07 -> 1.96, W7 2.23 -> 2.17 in paired runs,
 * bench/README.md). JSON of a tree is unchanged: undefined fields are not
 * written.
 */
function blank<K extends Node>(kind: K['kind'], span: Span): Filling<K> {
  const n: NodeFields = {
    kind,
    id: UNNUMBERED,
    span,
    value: undefined,
    raw: undefined,
    name: undefined,
    nameSpan: undefined,
    args: undefined,
    items: undefined,
    op: undefined,
    operand: undefined,
    left: undefined,
    right: undefined,
    opSpan: undefined,
    form: undefined,
    test: undefined,
    then: undefined,
    else: undefined,
  };
  return n as unknown as Filling<K>;
}

/** The filled fields as the node they make (the constructor has set each field of its kind). */
function done<K extends Node>(n: Filling<K>): Node {
  return n as unknown as Node;
}

/** An ErrorNode: where recovery stands in for something missing or invalid. */
export function errorNode(span: Span): Node {
  return done(blank<ErrorNode>('error', span));
}

/** An operand for a missing part: an ErrorNode with an empty span at `at`. */
export function missingOperand(at: number): Operand {
  const span = { start: at, end: at };
  return { node: errorNode(span), extent: span };
}

/** A NumberLiteral; `raw` is the literal as written. */
export function numberNode(span: Span, value: number, raw: string): Node {
  const n = blank<NumberLiteral>('number', span);
  n.value = value;
  n.raw = raw;
  return done(n);
}

/** A StringLiteral with its decoded value. */
export function stringNode(span: Span, value: string): Node {
  const n = blank<StringLiteral>('string', span);
  n.value = value;
  return done(n);
}

/** A BooleanLiteral. */
export function booleanNode(span: Span, value: boolean): Node {
  const n = blank<BooleanLiteral>('boolean', span);
  n.value = value;
  return done(n);
}

/** A NullLiteral. */
export function nullNode(span: Span): Node {
  return done(blank<NullLiteral>('null', span));
}

/** A ListLiteral. */
export function listNode(span: Span, items: readonly Node[]): Node {
  const n = blank<ListLiteral>('list', span);
  n.items = items;
  return done(n);
}

/** A Call; `name` is case-sensitive, as written. */
export function callNode(span: Span, name: string, nameSpan: Span, args: readonly Node[]): Node {
  const n = blank<Call>('call', span);
  n.name = name;
  n.nameSpan = nameSpan;
  n.args = args;
  return done(n);
}

/** A Unary node. */
export function unaryNode(span: Span, op: UnaryOp, operand: Node): Node {
  const n = blank<Unary>('unary', span);
  n.op = op;
  n.operand = operand;
  return done(n);
}

/** A Binary node, or a Logical one for `and` / `or`. */
export function infixNode(span: Span, op: InfixOp, left: Node, right: Node, opSpan: Span): Node {
  const n: Filling<Binary | Logical> = op === 'and' || op === 'or' ? blank<Logical>('logical', span) : blank<Binary>('binary', span);
  n.op = op;
  n.left = left;
  n.right = right;
  n.opSpan = opSpan;
  return done(n);
}

/** A Conditional in one of its three written forms. */
export function conditionalNode(span: Span, form: Conditional['form'], test: Node, then: Node, otherwise: Node): Node {
  const n = blank<Conditional>('conditional', span);
  n.form = form;
  n.test = test;
  n.then = then;
  n.else = otherwise;
  return done(n);
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
