import type { TokenType } from 'chevrotain';
import type { BinaryOp, Node, UnaryOp } from '../../common/ast/nodes.js';
import * as T from './tokens.js';

/*
 * The one precedence table, read by the parser (cst-to-ast.ts resolves
 * operator sequences with it) and by the printer (minimal parentheses).
 * Loosest first, as in the spec's "Operators" section.
 */
/** Precedence levels, loosest (1) to tightest (10). */
export const Prec = {
  Ternary: 1,
  Or: 2,
  And: 3,
  Not: 4,
  Equality: 5,
  Relational: 6,
  Additive: 7,
  Multiplicative: 8,
  Prefix: 9,
  Primary: 10,
} as const;

/** Levels whose operators do not chain: `a < b < c` and `a == b == c` are errors. */
export function isNonAssociative(prec: number): boolean {
  return prec === Prec.Equality || prec === Prec.Relational;
}

/** The operators written between two operands: Binary ops and the Logical `and` / `or`. */
export type InfixOp = BinaryOp | 'and' | 'or';

/** The precedence of a binary or logical operator. */
export function infixPrec(op: InfixOp): number {
  switch (op) {
    case 'or':
      return Prec.Or;
    case 'and':
      return Prec.And;
    case '==':
    case '!=':
      return Prec.Equality;
    case '<':
    case '<=':
    case '>':
    case '>=':
    case 'in':
      return Prec.Relational;
    case '+':
    case '-':
      return Prec.Additive;
    default:
      return Prec.Multiplicative;
  }
}

/** The precedence of a prefix operator: `not` binds loosely (SQL style), `-` and `!` tightly. */
export function prefixPrec(op: UnaryOp): number {
  return op === 'not' ? Prec.Not : Prec.Prefix;
}

/** How tightly a node binds, for the printer. */
export function nodePrec(node: Node): number {
  switch (node.kind) {
    case 'binary':
    case 'logical':
      return infixPrec(node.op);
    case 'unary':
      return prefixPrec(node.op);
    case 'conditional':
      return node.form === 'ternary' ? Prec.Ternary : Prec.Primary;
    default:
      return Prec.Primary;
  }
}

/** What an operator token can mean: `-` is both binary and prefix; `=` is recovered as `==`; `===`/`!==` are accepted as `==`/`!=` (with a warning). */
export interface OperatorMeaning {
  readonly infix?: InfixOp;
  /** `'+'` is unary plus, which is an error. */
  readonly prefix?: UnaryOp | '+';
}

const MEANINGS = new Map<TokenType, OperatorMeaning>([
  [T.Or, { infix: 'or' }],
  [T.PipePipe, { infix: 'or' }],
  [T.And, { infix: 'and' }],
  [T.AmpAmp, { infix: 'and' }],
  [T.Not, { prefix: 'not' }],
  [T.Bang, { prefix: '!' }],
  [T.Equal, { infix: '==' }],
  [T.Assign, { infix: '==' }],
  [T.StrictEqual, { infix: '==' }],
  [T.NotEqual, { infix: '!=' }],
  [T.StrictNotEqual, { infix: '!=' }],
  [T.LessGreater, { infix: '!=' }],
  [T.Less, { infix: '<' }],
  [T.LessEqual, { infix: '<=' }],
  [T.Greater, { infix: '>' }],
  [T.GreaterEqual, { infix: '>=' }],
  [T.In, { infix: 'in' }],
  [T.Plus, { infix: '+', prefix: '+' }],
  [T.Minus, { infix: '-', prefix: '-' }],
  [T.Star, { infix: '*' }],
  [T.Slash, { infix: '/' }],
  [T.Percent, { infix: '%' }],
]);

/** The meaning of an Operator-category token. */
export function operatorMeaning(type: TokenType): OperatorMeaning {
  return MEANINGS.get(type) ?? {};
}
