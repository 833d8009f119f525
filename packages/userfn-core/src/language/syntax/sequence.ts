import type { IToken } from 'chevrotain';
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
  const operands: Operand[] = [];
  const ops: Pending[] = [];
  let expectOperand = true;
  let lastEnd = itemStart(items[0]!);

  const pop = (): Operand => operands.pop() ?? missingOperand(lastEnd);

  const apply = (p: Pending): void => {
    switch (p.kind) {
      case 'prefix': {
        const operand = pop();
        const span = { start: p.token.startOffset, end: operand.extent.end };
        operands.push({ node: unaryNode(span, p.op, operand.node), extent: span });
        return;
      }
      case 'infix': {
        const right = pop();
        const left = pop();
        const span = { start: left.extent.start, end: right.extent.end };
        if (p.chainedFrom === undefined) {
          operands.push({ node: infixNode(span, p.op, left.node, right.node, tokenSpan(p.token)), extent: span });
          return;
        }
        // the reading a chained comparison was meant to have, so later stages see sound types
        const middle = p.chainedFrom;
        const second = { start: middle.extent.start, end: right.extent.end };
        const comparison = infixNode(second, p.op, middle.node, right.node, tokenSpan(p.token));
        operands.push({ node: infixNode(span, 'and', left.node, comparison, tokenSpan(p.token)), extent: span });
        return;
      }
      case 'juxtaposed': {
        const right = pop();
        const left = pop();
        operands.push({ node: left.node, extent: { start: left.extent.start, end: right.extent.end } });
        return;
      }
      case 'colon': {
        const otherwise = pop();
        const then = pop();
        const test = pop();
        const span = { start: test.extent.start, end: otherwise.extent.end };
        operands.push({ node: conditionalNode(span, 'ternary', test.node, then.node, otherwise.node), extent: span });
        return;
      }
      case 'question': {
        // `c ? a` with no `:` before the sequence ended
        const otherwise = missingOperand(host.missing(lastEnd, "':'"));
        const then = pop();
        const test = pop();
        const span = { start: test.extent.start, end: otherwise.extent.end };
        operands.push({ node: conditionalNode(span, 'ternary', test.node, then.node, otherwise.node), extent: span });
        return;
      }
    }
  };

  /**
   * Applies pending operators binding at least as tightly as `minPrec`; a `?`
   * waiting for its `:` stops it. With `chaining` (an operator about to be
   * pushed), returns a copy of the shared middle operand when it chains a
   * comparison (`a < b < c`), after reporting it.
   */
  const reduce = (minPrec: number, chaining?: { token: IToken; prec: number }): Operand | undefined => {
    let middle: Operand | undefined;
    for (let top = ops.at(-1); top !== undefined && top.kind !== 'question' && top.prec >= minPrec; top = ops.at(-1)) {
      if (chaining !== undefined && top.kind === 'infix' && top.prec === chaining.prec && isNonAssociative(chaining.prec)) {
        reportChained(chaining.token, host);
        const b = operands.at(-1);
        if (b !== undefined) middle = { node: cloneTree(b.node), extent: b.extent };
      }
      ops.pop();
      apply(top);
    }
    return middle;
  };

  const operandMissingAt = (token: IToken): void => {
    host.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}: expected an expression`, tokenSpan(token));
    operands.push(missingOperand(token.startOffset));
    expectOperand = false;
  };

  const juxtapose = (token: IToken | undefined): void => {
    // `1 & 2`: the bad character was meant as the operator, and is reported already
    if (token !== undefined && !host.badCharacterIn(lastEnd, token.startOffset)) {
      host.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}: expected an operator`, tokenSpan(token));
    }
    reduce(JUXTAPOSED);
    ops.push({ kind: 'juxtaposed', token: undefined, prec: JUXTAPOSED });
    expectOperand = true;
  };

  for (const item of items) {
    if ('operand' in item) {
      if (!expectOperand) juxtapose(host.tokenAt(item.operand.base.head.startOffset));
      const operand = host.operand(item.operand);
      operands.push(operand);
      expectOperand = false;
      lastEnd = operand.extent.end;
      continue;
    }

    const token = item.token;
    const type = token.tokenType;
    lastEnd = token.startOffset + token.image.length;

    if (type === T.Question) {
      if (expectOperand) operandMissingAt(token);
      reduce(Prec.Ternary + 1);
      ops.push({ kind: 'question', token, prec: Prec.Ternary });
      expectOperand = true;
      continue;
    }
    if (type === T.Colon) {
      if (expectOperand) operandMissingAt(token);
      reduce(JUXTAPOSED);
      const top = ops.at(-1);
      if (top?.kind === 'question') {
        ops[ops.length - 1] = { kind: 'colon', token, prec: Prec.Ternary };
      } else {
        // unreachable through the grammar (its gate only takes a `:` after a `?`); kept total
        host.report(Codes.UnexpectedToken, "unexpected ':': there is no '?' before it", tokenSpan(token));
      }
      expectOperand = true;
      continue;
    }

    const meaning = operatorMeaning(type);
    if (!expectOperand && meaning.infix === undefined) {
      // `a not b`, `a ! b`: the prefix operator starts another operand
      juxtapose(token);
    }
    if (expectOperand) {
      if (meaning.prefix === '+') {
        host.report(Codes.UnaryPlus, "there is no unary '+'", tokenSpan(token), "remove the '+'");
        continue;
      }
      if (meaning.prefix !== undefined) {
        const prec = prefixPrec(meaning.prefix);
        if (meaning.prefix === 'not') checkNotPlacement(token, ops.at(-1), host);
        ops.push({ kind: 'prefix', op: meaning.prefix, token, prec });
        continue;
      }
      operandMissingAt(token);
    }
    const op = meaning.infix!;
    const prec = infixPrec(op);
    const chainedFrom = reduce(prec, { token, prec });
    if (type === T.Assign) {
      host.report(Codes.AssignmentOperator, "'=' is not an operator", tokenSpan(token), "use '==' for comparison");
    } else if (type === T.StrictEqual || type === T.StrictNotEqual) {
      // Vectara's own UDF examples write `===`: it means `==` (UserFn has no coercion to be strict about).
      const plain = type === T.StrictEqual ? '==' : '!=';
      host.report(Codes.StrictEquality, `'${token.image}' is read as '${plain}'`, tokenSpan(token), `write '${plain}': UserFn's '${plain}' never converts types`, 'warning');
    }
    ops.push(chainedFrom === undefined ? { kind: 'infix', op, token, prec } : { kind: 'infix', op, token, prec, chainedFrom });
    expectOperand = true;
  }

  if (expectOperand) operands.push(missingOperand(host.missing(lastEnd, 'an expression')));
  while (ops.length > 0) {
    reduce(JUXTAPOSED);
    const top = ops.pop();
    if (top !== undefined) apply(top);
  }
  return operands[0] ?? missingOperand(lastEnd);
}

function itemStart(item: SequenceItem): number {
  return 'operand' in item ? item.operand.base.head.startOffset : item.token.startOffset;
}

function reportChained(token: IToken, host: SequenceHost): void {
  const equality = infixPrec(operatorMeaning(token.tokenType).infix!) === Prec.Equality;
  host.report(
    Codes.ChainedComparison,
    equality ? 'equality comparisons cannot be chained' : 'comparisons cannot be chained',
    tokenSpan(token),
    equality ? "compare two values at a time and join the results with 'and'" : "write a < b and b < c",
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
