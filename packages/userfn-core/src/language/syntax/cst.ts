import type { IToken } from 'chevrotain';

/*
 * The concrete syntax tree: what the grammar's actions (parser.ts) record, in
 * source order, for cst-to-ast.ts to turn into the AST and the syntax errors.
 * One small record per rule, with exactly the tokens and parts the
 * conversion reads. (Chevrotain's generic CST, a dictionary of labelled
 * arrays per node with location tracking, cost more than recognising the
 * tokens did.)
 *
 * Optional tokens are `undefined` when absent. Every token is taken only when
 * the lookahead shows it (Chevrotain's recovery, which could insert tokens,
 * is off: parser.ts), so it is one the source holds.
 */

/** The source: an expression, then stray tokens each followed by another (discarded) expression; `expressions.length === strays.length + 1`. */
export interface ProgramCst {
  readonly expressions: ExpressionCst[];
  readonly strays: IToken[];
}

/** Operators (`?` and `:` included) and operands in source order: the flat sequence sequence.ts resolves. Empty when the expression is missing. */
export interface ExpressionCst {
  readonly items: SequenceItem[];
}

/** An item of a sequence: an operator token or an operand. */
export type SequenceItem = { readonly token: IToken } | { readonly operand: PrimaryCst };

/** An operand and the (always invalid) `.x` / `[i]` after it. */
export interface PrimaryCst {
  readonly base: BaseCst;
  readonly postfixes: readonly PostfixCst[];
}

/** What an operand starts with; `head` is its first token. */
export type BaseCst = LiteralCst | ParenCst | ListCst | NameCst | IfCst;

export interface LiteralCst {
  readonly kind: 'literal';
  readonly head: IToken;
}

export interface ParenCst {
  readonly kind: 'paren';
  readonly head: IToken;
  readonly inner: ExpressionCst;
  readonly close: IToken | undefined;
}

/** `items[k]` (maybe empty) follows `commas[k - 1]`. */
export interface ListCst {
  readonly kind: 'list';
  readonly head: IToken;
  readonly items: ExpressionCst[];
  readonly commas: IToken[];
  close: IToken | undefined;
}

/** A name, with the arguments of a call (a bare name has none: an error). */
export interface NameCst {
  readonly kind: 'name';
  readonly head: IToken;
  readonly args: ArgsCst | undefined;
}

/** `( a, b )`: `items[k]` (maybe empty) follows `commas[k - 1]`. */
export interface ArgsCst {
  readonly open: IToken;
  readonly items: ExpressionCst[];
  readonly commas: IToken[];
  close: IToken | undefined;
}

/**
 * `if (c) a else b`, `if (c) then a else b`, `if c then a else b`, or
 * `if(c, a, b)` (with `commas` and `arguments`: `arguments[k]` follows `commas[k]`).
 */
export interface IfCst {
  readonly kind: 'if';
  readonly head: IToken;
  open: IToken | undefined;
  test: ExpressionCst;
  readonly commas: IToken[];
  readonly arguments: ExpressionCst[];
  close: IToken | undefined;
  then: IToken | undefined;
  consequent: ExpressionCst | undefined;
  else: IToken | undefined;
  alternate: ExpressionCst | undefined;
}

/** `.name`, `.name(args)` (with `dot`) or `[i]` (with `open`). */
export interface PostfixCst {
  readonly dot: IToken | undefined;
  readonly member: IToken | undefined;
  readonly args: ArgsCst | undefined;
  readonly open: IToken | undefined;
  readonly index: ExpressionCst | undefined;
  readonly close: IToken | undefined;
}
