import type { IToken, TokenType } from 'chevrotain';
import type { UnaryOp } from '../../common/ast/nodes.js';
import { Codes, type Code } from '../../common/diagnostics/codes.js';
import type { Span } from '../../common/diagnostics/span.js';
import type { Severity } from '../../common/diagnostics/diagnostic.js';
import { cloneTree, conditionalNode, infixNode, missingOperand, unaryNode, type Operand } from './ast-builder.js';
import type { PrimaryCst, SequenceItem } from './cst.js';
import { describeToken } from './describe.js';
import { tokenSpan } from './token-stream.js';
import { infixPrec, isNonAssociative, operatorMeaning, Prec, prefixPrec, type InfixOp } from './operators.js';
import * as T from './tokens.js';

/*
 * Resolves one flat operator sequence (what the grammar's `expression` rule
 * collects) into a tree, iteratively: an operator-precedence parse with an
 * operand stack and an operator stack, so no input can exhaust the call stack.
 *
 * Besides precedence it finds the mistakes a layered grammar would find:
 * missing operands (an ErrorNode stands in), chained comparisons (read as
 * `a < b and b < c`, so no type error follows from the syntax error), `=`
 * (read as `==`), unary `+` (dropped), `not` where it cannot bind, a `?`
 * without `:`. Two operands with
 * no operator between them are joined by an invisible operator that binds
 * loosest of all and keeps its left side, so one missing `and` gives one error
 * and the rest of the tree keeps its shape.
 *
 * resolveSequence() builds a lone operand, and a lone binary operation with
 * an operator that needs no report, directly; any other sequence goes to
 * resolveWithStacks(), which dispatches each item to a method of Resolver
 * (operand, `?`, `:`, operator, end); the methods share the two stacks, and
 * apply() builds one node from a pending operator.
 */

/** What the resolver needs from the CST walker. */
export interface SequenceHost {
  operand(cst: PrimaryCst): Operand;
  report(code: Code, message: string, span: Span, hint?: string, severity?: Severity): void;
  /** Reports a missing part at the first token at or after `offset`; returns the offset for its ErrorNode. */
  missing(offset: number, what: string): number;
  /** The significant token starting at `offset`. */
  tokenAt(offset: number): IToken | undefined;
  /** Whether a bad character (already reported, UF1008) lies in [from, to). */
  badCharacterIn(from: number, to: number): boolean;
}

type Pending =
  | { readonly kind: 'prefix'; readonly op: UnaryOp; readonly token: IToken; readonly prec: number }
  | {
      readonly kind: 'infix';
      readonly op: InfixOp;
      readonly token: IToken;
      readonly prec: number;
      /** `a < b < c` (an error) is recovered as `a < b and b < c`: this is the copy of `b`. */
      readonly chainedFrom?: Operand;
    }
  | { readonly kind: 'question'; readonly token: IToken; readonly prec: number }
  | { readonly kind: 'colon'; readonly token: IToken; readonly prec: number }
  | { readonly kind: 'juxtaposed'; readonly token: undefined; readonly prec: number };

/** Below every real operator: a missing operator closes everything before it. */
const JUXTAPOSED = 0;

/** Resolves a non-empty sequence into one operand. */
export function resolveSequence(items: readonly SequenceItem[], host: SequenceHost): Operand {
  // A lone operand (most arguments, most conditions' parts) has nothing to resolve.
  const only = items.length === 1 ? items[0]! : undefined;
  if (only !== undefined && 'operand' in only) return host.operand(only.operand);
  // Nor has a lone binary operation (`get(p) == 'x'`, most conditions): built
  // as the stacks would build it, without them, which took about a tenth of
  // compiling such a condition (sequence.test.ts holds both to the same trees and reports).
  if (items.length === 3) {
    const lone = loneInfix(items[0]!, items[1]!, items[2]!, host);
    if (lone !== undefined) return lone;
  }
  return resolveWithStacks(items, host);
}

/** Operators read as another, which is reported wherever they stand (reportRereadOperator). */
const REREAD = new Set<TokenType>([T.Assign, T.StrictEqual, T.StrictNotEqual]);

/**
 * The operators that, between two operands, are their infix operation with
 * nothing to report: every operator but those read as another and the
 * prefix-only `not` and `!`.
 */
const PLAIN_INFIX = new Map<TokenType, InfixOp>();
for (const type of T.lexerTokens) {
  const infix = operatorMeaning(type).infix;
  if (infix !== undefined && !REREAD.has(type)) PLAIN_INFIX.set(type, infix);
}

/** `a <op> b` with a plain operator, or undefined for any other three items. */
function loneInfix(a: SequenceItem, o: SequenceItem, b: SequenceItem, host: SequenceHost): Operand | undefined {
  if (!('operand' in a) || !('token' in o) || !('operand' in b)) return undefined;
  const op = PLAIN_INFIX.get(o.token.tokenType);
  if (op === undefined) return undefined;
  const left = host.operand(a.operand);
  const right = host.operand(b.operand);
  const span = { start: left.extent.start, end: right.extent.end };
  return { node: infixNode(span, op, left.node, right.node, tokenSpan(o.token)), extent: span };
}

/** The general route: the operand and operator stacks. Exported for the test that holds the shortcuts above to it. */
export function resolveWithStacks(items: readonly SequenceItem[], host: SequenceHost): Operand {
  const resolver = new Resolver(host, itemStart(items[0]!));
  for (const item of items) {
    if ('operand' in item) resolver.operand(item.operand);
    else if (item.token.tokenType === T.Question) resolver.question(item.token);
    else if (item.token.tokenType === T.Colon) resolver.colon(item.token);
    else resolver.operator(item.token);
  }
  return resolver.finish();
}

/**
 * The state of one resolution: the operand stack, the operator stack, and
 * whether the next item should be an operand. One method per kind of item;
 * each keeps the stacks such that any item may follow, which is what lets
 * every mistake be reported once and recovered from in place.
 */
class Resolver {
  private readonly operands: Operand[] = [];
  private readonly ops: Pending[] = [];
  private expectOperand = true;

  constructor(
    private readonly host: SequenceHost,
    /** Where the sequence read so far ends: a missing part is reported there. */
    private lastEnd: number,
  ) {}

  /** An operand. Right after another one, the operator between them is missing. */
  operand(cst: PrimaryCst): void {
    if (!this.expectOperand) this.juxtapose(this.host.tokenAt(cst.base.head.startOffset));
    const operand = this.host.operand(cst);
    this.operands.push(operand);
    this.expectOperand = false;
    this.lastEnd = operand.extent.end;
  }

  /** `?` opens a conditional: what binds tighter than it is its test, and it waits on the stack for its `:`. */
  question(token: IToken): void {
    this.passToken(token);
    if (this.expectOperand) this.operandMissingAt(token);
    this.reduce(Prec.Ternary + 1);
    this.ops.push({ kind: 'question', token, prec: Prec.Ternary });
    this.expectOperand = true;
  }

  /** `:` closes the `then` branch: everything since the `?` is reduced, and the `?` becomes a `:` awaiting the `else` branch. */
  colon(token: IToken): void {
    this.passToken(token);
    if (this.expectOperand) this.operandMissingAt(token);
    this.reduce(JUXTAPOSED);
    const top = this.ops.at(-1);
    if (top?.kind === 'question') {
      this.ops[this.ops.length - 1] = { kind: 'colon', token, prec: Prec.Ternary };
    } else {
      // unreachable through the grammar (its gate only takes a `:` after a `?`); kept total
      this.host.report(Codes.UnexpectedToken, "unexpected ':': there is no '?' before it", tokenSpan(token));
    }
    this.expectOperand = true;
  }

  /**
   * A prefix or infix operator. Where an operand is expected a prefix
   * operator waits for it (a `+` is reported and dropped); an infix
   * operator there has lost its left operand. After an operand, an infix
   * operator first reduces what binds at least as tightly.
   */
  operator(token: IToken): void {
    this.passToken(token);
    const meaning = operatorMeaning(token.tokenType);
    if (!this.expectOperand && meaning.infix === undefined) {
      // `a not b`, `a ! b`: the prefix operator starts another operand
      this.juxtapose(token);
    }
    if (this.expectOperand) {
      if (meaning.prefix === '+') {
        this.host.report(Codes.UnaryPlus, "there is no unary '+'", tokenSpan(token), "remove the '+'");
        return;
      }
      if (meaning.prefix !== undefined) {
        if (meaning.prefix === 'not') checkNotPlacement(token, this.ops.at(-1), this.host);
        this.ops.push({ kind: 'prefix', op: meaning.prefix, token, prec: prefixPrec(meaning.prefix) });
        return;
      }
      this.operandMissingAt(token);
    }
    this.infix(token, meaning.infix!);
  }

  /** Pushes an infix operator, recording the middle operand when it chains a comparison. */
  private infix(token: IToken, op: InfixOp): void {
    const prec = infixPrec(op);
    const chainedFrom = this.reduce(prec, { token, prec });
    if (REREAD.has(token.tokenType)) reportRereadOperator(token, this.host);
    this.ops.push(chainedFrom === undefined ? { kind: 'infix', op, token, prec } : { kind: 'infix', op, token, prec, chainedFrom });
    this.expectOperand = true;
  }

  /** The end of the sequence: a trailing operator lacks its operand, and every pending operator is applied. */
  finish(): Operand {
    if (this.expectOperand) this.operands.push(missingOperand(this.host.missing(this.lastEnd, 'an expression')));
    while (this.ops.length > 0) {
      this.reduce(JUXTAPOSED);
      const top = this.ops.pop();
      if (top !== undefined) this.apply(top);
    }
    return this.operands[0] ?? missingOperand(this.lastEnd);
  }

  private passToken(token: IToken): void {
    this.lastEnd = token.startOffset + token.image.length;
  }

  /** An operand that is not there: an ErrorNode stands in, so the tree keeps its shape. */
  private pop(): Operand {
    return this.operands.pop() ?? missingOperand(this.lastEnd);
  }

  /**
   * Applies pending operators binding at least as tightly as `minPrec`; a `?`
   * waiting for its `:` stops it. With `chaining` (an operator about to be
   * pushed), returns a copy of the shared middle operand when it chains a
   * comparison (`a < b < c`), after reporting it.
   */
  private reduce(minPrec: number, chaining?: { token: IToken; prec: number }): Operand | undefined {
    let middle: Operand | undefined;
    for (let top = this.ops.at(-1); top !== undefined && top.kind !== 'question' && top.prec >= minPrec; top = this.ops.at(-1)) {
      if (chaining !== undefined && top.kind === 'infix' && top.prec === chaining.prec && isNonAssociative(chaining.prec)) {
        reportChained(chaining.token, this.host);
        const b = this.operands.at(-1);
        if (b !== undefined) middle = { node: cloneTree(b.node), extent: b.extent };
      }
      this.ops.pop();
      this.apply(top);
    }
    return middle;
  }

  /** Builds the node of one pending operator from the operands on top of the stack. */
  private apply(p: Pending): void {
    switch (p.kind) {
      case 'prefix': {
        const operand = this.pop();
        const span = { start: p.token.startOffset, end: operand.extent.end };
        this.operands.push({ node: unaryNode(span, p.op, operand.node), extent: span });
        return;
      }
      case 'infix':
        this.applyInfix(p);
        return;
      case 'juxtaposed': {
        // the invisible operator keeps its left side, spanning both
        const right = this.pop();
        const left = this.pop();
        this.operands.push({ node: left.node, extent: { start: left.extent.start, end: right.extent.end } });
        return;
      }
      case 'colon':
        this.applyConditional(this.pop());
        return;
      case 'question':
        // `c ? a` with no `:` before the sequence ended
        this.applyConditional(missingOperand(this.host.missing(this.lastEnd, "':'")));
        return;
    }
  }

  private applyInfix(p: Extract<Pending, { kind: 'infix' }>): void {
    const right = this.pop();
    const left = this.pop();
    const span = { start: left.extent.start, end: right.extent.end };
    if (p.chainedFrom === undefined) {
      this.operands.push({ node: infixNode(span, p.op, left.node, right.node, tokenSpan(p.token)), extent: span });
      return;
    }
    // the reading a chained comparison was meant to have (`a < b and b < c`), so later stages see sound types
    const middle = p.chainedFrom;
    const second = { start: middle.extent.start, end: right.extent.end };
    const comparison = infixNode(second, p.op, middle.node, right.node, tokenSpan(p.token));
    this.operands.push({ node: infixNode(span, 'and', left.node, comparison, tokenSpan(p.token)), extent: span });
  }

  /** `test ? then : otherwise`, from the two operands on the stack and the `otherwise` given. */
  private applyConditional(otherwise: Operand): void {
    const then = this.pop();
    const test = this.pop();
    const span = { start: test.extent.start, end: otherwise.extent.end };
    this.operands.push({ node: conditionalNode(span, 'ternary', test.node, then.node, otherwise.node), extent: span });
  }

  /** An operator where an operand should be: reported, and an ErrorNode takes the operand's place. */
  private operandMissingAt(token: IToken): void {
    this.host.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}: expected an expression`, tokenSpan(token));
    this.operands.push(missingOperand(token.startOffset));
    this.expectOperand = false;
  }

  /**
   * Two operands with no operator between them: joined by the invisible
   * operator that binds loosest of all, so one missing `and` is one error and
   * the rest keeps its shape.
   */
  private juxtapose(token: IToken | undefined): void {
    // `1 & 2`: the bad character was meant as the operator, and is reported already
    if (token !== undefined && !this.host.badCharacterIn(this.lastEnd, token.startOffset)) {
      this.host.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}: expected an operator`, tokenSpan(token));
    }
    this.reduce(JUXTAPOSED);
    this.ops.push({ kind: 'juxtaposed', token: undefined, prec: JUXTAPOSED });
    this.expectOperand = true;
  }
}

function itemStart(item: SequenceItem): number {
  return 'operand' in item ? item.operand.base.head.startOffset : item.token.startOffset;
}

/** `=` (an error, read as `==`), `===` and `!==` (read as `==` and `!=`, with a warning). */
function reportRereadOperator(token: IToken, host: SequenceHost): void {
  if (token.tokenType === T.Assign) {
    host.report(Codes.AssignmentOperator, "'=' is not an operator", tokenSpan(token), "use '==' for comparison");
    return;
  }
  // Vectara's own UDF examples write `===`: it means `==` (UserFn has no coercion to be strict about).
  const plain = token.tokenType === T.StrictEqual ? '==' : '!=';
  host.report(
    Codes.StrictEquality,
    `'${token.image}' is read as '${plain}'`,
    tokenSpan(token),
    `write '${plain}': UserFn's '${plain}' never converts types`,
    'warning',
  );
}

function reportChained(token: IToken, host: SequenceHost): void {
  const equality = infixPrec(operatorMeaning(token.tokenType).infix!) === Prec.Equality;
  host.report(
    Codes.ChainedComparison,
    equality ? 'equality comparisons cannot be chained' : 'comparisons cannot be chained',
    tokenSpan(token),
    equality ? "compare two values at a time and join the results with 'and'" : 'write a < b and b < c',
  );
}

/**
 * `not` binds more loosely than comparisons (`not a == b` is `not (a == b)`),
 * so it cannot be the operand of a tighter operator: `a == not b`, `-not x`.
 * The tree is still built as if it were parenthesised.
 */
function checkNotPlacement(token: IToken, before: Pending | undefined, host: SequenceHost): void {
  if (before === undefined || (before.kind !== 'infix' && before.kind !== 'prefix') || before.prec <= Prec.Not) return;
  host.report(
    Codes.UnexpectedToken,
    `unexpected 'not' after '${before.token.image}': 'not' binds more loosely`,
    tokenSpan(token),
    "put the 'not' expression in parentheses: (not x)",
  );
}
