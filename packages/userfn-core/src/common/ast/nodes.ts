import type { Span } from '../diagnostics/span.js';

/**
 * The AST. Every node has a unique numeric `id` (within one parse) and a half-open
 * UTF-16 `span` into the source. Stages after the parser never mutate nodes: the
 * checker returns side tables keyed by id. The parser makes every node with
 * all the fields of every kind, those of other kinds undefined (one shape:
 * language/syntax/ast-builder.ts says why); read a node by its `kind`.
 */
export type Node = NumberLiteral | StringLiteral | BooleanLiteral | NullLiteral | ListLiteral | Call | Unary | Binary | Logical | Conditional | ErrorNode;

interface Base {
  readonly id: number;
  readonly span: Span;
}

export interface NumberLiteral extends Base {
  readonly kind: 'number';
  readonly value: number;
  /** The literal as written (`1e3`, `.5`): the formatter keeps it. */
  readonly raw: string;
}

export interface StringLiteral extends Base {
  readonly kind: 'string';
  /** The decoded value: `'it''s'` has value `it's`. */
  readonly value: string;
}

export interface BooleanLiteral extends Base {
  readonly kind: 'boolean';
  readonly value: boolean;
}

export interface NullLiteral extends Base {
  readonly kind: 'null';
}

export interface ListLiteral extends Base {
  readonly kind: 'list';
  readonly items: readonly Node[];
}

export interface Call extends Base {
  readonly kind: 'call';
  /** Case-sensitive function name as written. */
  readonly name: string;
  readonly nameSpan: Span;
  readonly args: readonly Node[];
}

export type UnaryOp = 'not' | '!' | '-';

export interface Unary extends Base {
  readonly kind: 'unary';
  /** `not` and `!` mean the same; the spelling is kept for the formatter. */
  readonly op: UnaryOp;
  readonly operand: Node;
}

export type ArithmeticOp = '+' | '-' | '*' | '/' | '%';
export type EqualityOp = '==' | '!=';
export type OrderingOp = '<' | '<=' | '>' | '>=';
export type BinaryOp = ArithmeticOp | EqualityOp | OrderingOp | 'in';

export interface Binary extends Base {
  readonly kind: 'binary';
  /** `<>` is normalised to `!=`. */
  readonly op: BinaryOp;
  readonly left: Node;
  readonly right: Node;
  readonly opSpan: Span;
}

export interface Logical extends Base {
  readonly kind: 'logical';
  /** `&&` is normalised to `and`, `||` to `or`. */
  readonly op: 'and' | 'or';
  readonly left: Node;
  readonly right: Node;
  readonly opSpan: Span;
}

/**
 * All conditional forms are one node. `form` records which one was written so
 * the formatter can keep the user's style:
 * `if` = `if (c) a else b` / `if c then a else b`, `call` = `if(c, a, b)`, `ternary` = `c ? a : b`.
 */
export interface Conditional extends Base {
  readonly kind: 'conditional';
  readonly form: 'if' | 'call' | 'ternary';
  readonly test: Node;
  readonly then: Node;
  readonly else: Node;
}

/** Stands where the parser recovered from a syntax error. */
export interface ErrorNode extends Base {
  readonly kind: 'error';
}

/** Children in source order. */
export function children(node: Node): readonly Node[] {
  switch (node.kind) {
    case 'list':
      return node.items;
    case 'call':
      return node.args;
    case 'unary':
      return [node.operand];
    case 'binary':
    case 'logical':
      return [node.left, node.right];
    case 'conditional':
      return [node.test, node.then, node.else];
    default:
      return [];
  }
}

/**
 * Visits every node, parents before children, without recursion (ASTs can be
 * deep: hostile input must not overflow the stack).
 */
export function walk(root: Node, visit: (node: Node, depth: number) => void): void {
  // two stacks rather than one of [node, depth] pairs, and children pushed in
  // place rather than through children(): no allocation per node (every parse walks its tree)
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    visit(node, depth);
    const before = nodes.length;
    pushChildrenReversed(node, nodes);
    for (let i = before; i < nodes.length; i++) depths.push(depth + 1);
  }
}

/** Pushes a node's children onto a stack, last child first, so they pop in source order. */
export function pushChildrenReversed(node: Node, stack: Node[]): void {
  switch (node.kind) {
    case 'list':
      for (let i = node.items.length - 1; i >= 0; i--) stack.push(node.items[i]!);
      return;
    case 'call':
      for (let i = node.args.length - 1; i >= 0; i--) stack.push(node.args[i]!);
      return;
    case 'unary':
      stack.push(node.operand);
      return;
    case 'binary':
    case 'logical':
      stack.push(node.right, node.left);
      return;
    case 'conditional':
      stack.push(node.else, node.then, node.test);
      return;
    default:
      return;
  }
}
