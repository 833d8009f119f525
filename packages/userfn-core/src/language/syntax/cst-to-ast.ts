import { EOF, type IRecognitionException, type IToken } from 'chevrotain';
import type { Node } from '../../common/ast/nodes.js';
import { Codes, type Code } from '../../common/diagnostics/codes.js';
import { diagnostic, type Diagnostic, type Severity } from '../../common/diagnostics/diagnostic.js';
import type { Span } from '../../common/diagnostics/span.js';
import { booleanNode, callNode, conditionalNode, errorNode, listNode, missingOperand, nullNode, numberNode, stringNode, type Operand } from './ast-builder.js';
import type { ArgsCst, BaseCst, ExpressionCst, IfCst, PostfixCst, PrimaryCst, ProgramCst, SequenceItem } from './cst.js';
import { describeToken } from './describe.js';
import { stringValue, tokenSpan } from './token-stream.js';
import { memberAccessProblem, type PathSuggestion } from './member-access.js';
import { firstAtOrAfter } from './offsets.js';
import { checkNumber } from './token-matchers.js';
import { resolveSequence, type SequenceHost } from './sequence.js';
import * as T from './tokens.js';

/*
 * CST -> AST. The grammar (parser.ts) accepts any token sequence, so this is
 * where syntax errors are found: each missing or misplaced part is reported
 * once, at the token where it shows (or an empty span at the end of the
 * source), and an ErrorNode stands in for it so the tree keeps its shape.
 *
 * Spans are converted here and only here: every span is computed from a real
 * token's `startOffset + image.length` (half-open), never from Chevrotain's
 * inclusive `endOffset`.
 */

/** The AST of a program and the syntax errors found while building it. */
export interface Converted {
  readonly ast: Node;
  readonly diagnostics: Diagnostic[];
}

/** What the conversion needs besides the CST. */
export interface ConversionInput {
  /** The significant tokens the parser read. */
  readonly tokens: readonly IToken[];
  readonly sourceLength: number;
  /** Spans of bad characters (already reported), which no other error should repeat. */
  readonly badCharacters: readonly Span[];
  readonly parserErrors: readonly IRecognitionException[];
  /** The lexer reported nothing: every number literal is valid, and its value is Number(image). */
  readonly lexerClean: boolean;
}

/** Converts the `program` CST. */
export function cstToAst(cst: ProgramCst, input: ConversionInput): Converted {
  const { tokens, sourceLength, badCharacters, parserErrors, lexerClean } = input;
  const converter = new Converter(tokens, sourceLength, badCharacters, lexerClean);
  const ast = converter.program(cst);
  converter.chevrotainErrors(parserErrors);
  return { ast, diagnostics: converter.diagnostics };
}

function end(token: IToken): number {
  return token.startOffset + token.image.length;
}

class Converter implements SequenceHost {
  readonly diagnostics: Diagnostic[] = [];

  constructor(
    private readonly tokens: readonly IToken[],
    private readonly sourceLength: number,
    private readonly badCharacters: readonly Span[],
    private readonly lexerClean: boolean,
  ) {}

  // ---- SequenceHost ----

  report(code: Code, message: string, span: Span, hint?: string, severity: Severity = 'error'): void {
    this.diagnostics.push(diagnostic(code, message, span, hint, severity));
  }

  missing(offset: number, what: string): number {
    const token = this.tokenAtOrAfter(offset);
    if (token === undefined) {
      this.report(Codes.UnexpectedEnd, `unexpected end of input: expected ${what}`, { start: this.sourceLength, end: this.sourceLength });
      return this.sourceLength;
    }
    this.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}: expected ${what}`, tokenSpan(token));
    return token.startOffset;
  }

  tokenAt(offset: number): IToken | undefined {
    const token = this.tokenAtOrAfter(offset);
    return token?.startOffset === offset ? token : undefined;
  }

  operand(cst: PrimaryCst): Operand {
    return this.primary(cst);
  }

  badCharacterIn(from: number, to: number): boolean {
    const first = this.badCharacters[firstAtOrAfter(this.badCharacters, from, (s) => s.start)];
    return first !== undefined && first.start < to;
  }

  // ---- token lookup ----

  private tokenAtOrAfter(offset: number): IToken | undefined {
    return this.tokens[firstAtOrAfter(this.tokens, offset, (t) => t.startOffset)];
  }

  // ---- program ----

  /**
   * The first non-empty expression is the program. Each run of stray tokens
   * (`)`, `]`, `,`, `then`, `else`, `:`, `.` where nothing can take them) is one
   * error; an expression after it that starts with a binary operator or `?`
   * continues the program (`f(a)) + 1` has one error, not two), any other is
   * checked and dropped.
   */
  program(cst: ProgramCst): Node {
    const first = sequenceItems(cst.expressions[0]);
    // no stray tokens (every source without mistakes): the first expression is the program as it is
    const main = cst.strays.length === 0 ? first : this.withStrays(cst, [...first]);
    if (main.length === 0) {
      const token = this.tokens[0];
      if (token === undefined) return errorNode({ start: 0, end: this.sourceLength });
      return errorNode({ start: token.startOffset, end: token.startOffset });
    }
    return resolveSequence(main, this).node;
  }

  /** Reports each run of stray tokens; returns `main` with the expressions after them that continue it. */
  private withStrays(cst: ProgramCst, main: SequenceItem[]): SequenceItem[] {
    const { expressions, strays } = cst;
    let i = 0;
    while (i < strays.length) {
      // expression[k + 1] follows stray[k]; empty ones between strays make one run
      let j = i;
      while (j + 1 < strays.length && isEmpty(expressions[j + 1])) j++;
      this.reportStrays(strays[i]!, strays[j]!);
      const next = sequenceItems(expressions[j + 1]);
      if (next.length > 0 && (main.length === 0 || continuesExpression(next[0]!))) {
        for (const item of next) main.push(item);
      } else if (next.length > 0) {
        resolveSequence(next, this);
      }
      i = j + 1;
    }
    return main;
  }

  private reportStrays(first: IToken, last: IToken): void {
    const span = { start: first.startOffset, end: end(last) };
    const type = first.tokenType;
    let message = `unexpected ${describeToken(first)}`;
    if (type === T.RParen) message += ": there is no '(' to close";
    else if (type === T.RBracket) message += ": there is no '[' to close";
    else if (type === T.Then || type === T.Else) message += ": there is no 'if' for it";
    else if (type === T.Colon) message += ": there is no '?' for it";
    else message += ': expected an operator or the end of the expression';
    this.report(Codes.UnexpectedToken, message, span);
  }

  /** Chevrotain's own errors: none are expected (the grammar accepts every token sequence), but none may be lost. */
  chevrotainErrors(errors: readonly IRecognitionException[]): void {
    for (const e of errors) {
      const token = e.token;
      if (token.tokenType === EOF || !Number.isFinite(token.startOffset)) {
        this.report(Codes.UnexpectedEnd, 'unexpected end of input', { start: this.sourceLength, end: this.sourceLength });
      } else {
        this.report(Codes.UnexpectedToken, `unexpected ${describeToken(token)}`, tokenSpan(token));
      }
    }
  }

  // ---- expressions ----

  /** An expression; an empty one is reported as missing (`what`) after `after` and becomes an ErrorNode. */
  private expression(cst: ExpressionCst | undefined, after: number, what = 'an expression'): Operand {
    const items = sequenceItems(cst);
    if (items.length === 0) return missingOperand(this.missing(after, what));
    return resolveSequence(items, this);
  }

  private primary(cst: PrimaryCst): Operand {
    let base = this.primaryBase(cst.base);
    if (cst.postfixes.length === 0) return base;
    let suggestion: PathSuggestion | undefined = getPathOf(base.node);
    for (const postfix of cst.postfixes) {
      const problem = this.postfix(postfix, base, suggestion);
      // a suggestion is for people: past a sane length (and a hostile chain of
      // `[0][0]...`, which would make it quadratic) there is none
      suggestion = problem.suggestion !== undefined && problem.suggestion.path.length <= 200 ? problem.suggestion : undefined;
      base = { node: base.node, extent: { start: base.extent.start, end: problem.end } };
    }
    return base;
  }

  private primaryBase(cst: BaseCst): Operand {
    switch (cst.kind) {
      case 'literal':
        return this.literal(cst.head);
      case 'paren': {
        const inner = this.expression(cst.inner, end(cst.head));
        if (cst.close === undefined) this.missing(inner.extent.end, "')'");
        const last = cst.close === undefined ? inner.extent.end : end(cst.close);
        return { node: inner.node, extent: { start: cst.head.startOffset, end: last } };
      }
      case 'list': {
        const { close } = cst;
        const { nodes, end: itemsEnd } = this.commaSeparated(cst.items, cst.commas, end(cst.head), close !== undefined);
        if (close === undefined) this.missing(itemsEnd, "']'");
        const span = { start: cst.head.startOffset, end: close === undefined ? itemsEnd : end(close) };
        return { node: listNode(span, nodes), extent: span };
      }
      case 'name':
        return this.call(cst.head, cst.args);
      case 'if':
        return this.conditional(cst);
    }
  }

  private literal(token: IToken): Operand {
    const span = tokenSpan(token);
    const type = token.tokenType;
    let node: Node;
    if (type === T.NumberLit) {
      // a malformed or overflowing number was reported by the lexer step, which
      // checked every one: after a clean lexing, each is valid as it stands
      const check = this.lexerClean ? undefined : checkNumber(token.image);
      if (check?.ok === false) node = errorNode(span);
      else node = numberNode(span, check?.value ?? Number(token.image), token.image);
    } else if (type === T.True || type === T.False) {
      node = booleanNode(span, type === T.True);
    } else if (type === T.Null) {
      node = nullNode(span);
    } else {
      node = stringNode(span, stringValue(token));
    }
    return { node, extent: span };
  }

  private call(name: IToken, args: ArgsCst | undefined): Operand {
    const nameSpan = tokenSpan(name);
    if (args === undefined) {
      this.report(
        Codes.BareIdentifier,
        `'${name.image}' is not a value: there are no variables`,
        nameSpan,
        `read the context with get('$.${name.image}'), or call a function: ${name.image}(...)`,
      );
      return { node: errorNode(nameSpan), extent: nameSpan };
    }
    const { nodes, end: argsEnd } = this.arguments(args);
    const span = { start: nameSpan.start, end: argsEnd };
    return { node: callNode(span, name.image, nameSpan, nodes), extent: span };
  }

  /** `( a, b )`: the argument nodes and where the group ends. */
  private arguments(args: ArgsCst): { nodes: Node[]; end: number } {
    const { close } = args;
    const { nodes, end: itemsEnd } = this.commaSeparated(args.items, args.commas, end(args.open), close !== undefined);
    if (close === undefined) this.missing(itemsEnd, "')'");
    return { nodes, end: close === undefined ? itemsEnd : end(close) };
  }

  /**
   * Items separated by commas, as the grammar collects them: `items[k]` (maybe
   * empty) follows `commas[k - 1]`. An empty item before a comma is a missing
   * expression (ErrorNode); an empty last item after a comma is a trailing
   * comma (reported, dropped) when the bracket is closed, and the item being
   * typed (missing, ErrorNode) when it is not: `f(1, ` still has two arguments
   * for completion to work with. `[]` / `f()` are fine.
   */
  private commaSeparated(items: readonly ExpressionCst[], commas: readonly IToken[], start: number, closed: boolean): { nodes: Node[]; end: number } {
    const nodes: Node[] = [];
    let last = start;
    let previousPresent = false;
    for (let k = 0; k < items.length; k++) {
      const item = items[k]!;
      const after = k === 0 ? start : end(commas[k - 1]!);
      const isLast = k === items.length - 1;
      if (isEmpty(item)) {
        if (isLast && k > 0 && previousPresent && closed) {
          this.report(Codes.TrailingComma, 'trailing comma', tokenSpan(commas[k - 1]!), "remove the ','");
        } else if (!isLast || (k > 0 && previousPresent)) {
          nodes.push(missingOperand(this.missing(after, 'an expression')).node);
        }
        previousPresent = false;
        last = after;
        continue;
      }
      const operand = this.expression(item, after);
      nodes.push(operand.node);
      previousPresent = true;
      last = operand.extent.end;
    }
    return { nodes, end: last };
  }

  // ---- conditionals ----

  private conditional(cst: IfCst): Operand {
    const ifToken = cst.head;
    const open = cst.open;
    if (open !== undefined && cst.commas.length > 0) return this.conditionalCall(cst, ifToken, open);

    let cursor: number;
    let test: Operand;
    let silentConsequent = false;
    if (open !== undefined) {
      test = this.expression(cst.test, end(open), 'a condition');
      const close = cst.close;
      if (close === undefined) this.missing(test.extent.end, "')'");
      cursor = close === undefined ? test.extent.end : end(close);
      const then = cst.then;
      if (then !== undefined) cursor = end(then);
    } else {
      test = this.expression(cst.test, end(ifToken), 'a condition');
      const then = cst.then;
      // `if a == 1 'x' else 'y'`: the condition swallowed the then branch, and that
      // was reported already (as a missing operator): one mistake, one error
      silentConsequent = then === undefined && test.node.span.end < test.extent.end;
      if (then === undefined && !silentConsequent) this.missing(test.extent.end, "'then'");
      cursor = then === undefined ? test.extent.end : end(then);
    }
    const consequentCst = cst.consequent;
    const consequent = silentConsequent && isEmpty(consequentCst) ? missingOperand(cursor) : this.expression(consequentCst, cursor);
    const elseToken = cst.else;
    if (elseToken === undefined) this.missing(consequent.extent.end, "'else'");
    const alternate = this.expression(cst.alternate, elseToken === undefined ? consequent.extent.end : end(elseToken));
    const span = { start: ifToken.startOffset, end: alternate.extent.end };
    return { node: conditionalNode(span, 'if', test.node, consequent.node, alternate.node), extent: span };
  }

  /** `if(c, a, b)`: exactly three arguments. */
  private conditionalCall(cst: IfCst, ifToken: IToken, open: IToken): Operand {
    const items = [cst.test, ...cst.arguments];
    const { commas, close } = cst;
    const { nodes, end: itemsEnd } = this.commaSeparated(items, commas, end(open), close !== undefined);
    if (nodes.length > 3) {
      this.report(Codes.UnexpectedToken, `unexpected ${describeToken(commas[2])}: if(condition, then, else) takes three arguments`, {
        start: commas[2]!.startOffset,
        end: itemsEnd,
      });
    }
    while (nodes.length < 3) {
      const at = this.missing(itemsEnd, nodes.length === 1 ? "',' and the value if true" : "',' and the value if false");
      nodes.push(errorNode({ start: at, end: at }));
    }
    if (close === undefined) this.missing(itemsEnd, "')'");
    const span = { start: ifToken.startOffset, end: close === undefined ? itemsEnd : end(close) };
    return { node: conditionalNode(span, 'call', nodes[0]!, nodes[1]!, nodes[2]!), extent: span };
  }

  // ---- member access (always an error) ----

  private postfix(cst: PostfixCst, base: Operand, suggestion: PathSuggestion | undefined): { end: number; suggestion: PathSuggestion | undefined } {
    const { dot } = cst;
    const open = dot === undefined ? cst.open! : undefined;
    const start = (dot ?? open)!.startOffset;
    let last = end((dot ?? open)!);
    const { member, args } = cst;
    if (member !== undefined) last = end(member);
    let index: Node | undefined;
    if (args !== undefined) last = this.arguments(args).end;
    if (open !== undefined) {
      const operand = this.expression(cst.index, end(open));
      index = operand.node;
      last = operand.extent.end;
      const close = cst.close;
      if (close === undefined) this.missing(last, "']'");
      else last = end(close);
    }
    const problem = memberAccessProblem({ base: base.node, member: member?.image, isCall: args !== undefined, index, suggestion });
    this.report(Codes.MemberAccess, problem.message, { start, end: last }, problem.hint);
    return { end: last, suggestion: problem.suggestion };
  }
}

/** An expression that matched nothing (a missing part). */
function isEmpty(cst: ExpressionCst | undefined): boolean {
  return cst === undefined || cst.items.length === 0;
}

/** The operators and operands of an expression, in source order. */
function sequenceItems(cst: ExpressionCst | undefined): readonly SequenceItem[] {
  return cst === undefined ? [] : cst.items;
}

/** Whether an expression after stray tokens reads as the rest of the program (`+ 1`, `? a : b`). */
function continuesExpression(first: SequenceItem): boolean {
  if ('operand' in first) return false;
  const type = first.token.tokenType;
  if (type === T.Question) return true;
  return type !== T.Not && type !== T.Bang && type !== T.Colon;
}

/** The literal path of `get('$.a')`, for member-access hints. */
function getPathOf(node: Node): PathSuggestion | undefined {
  if (node.kind !== 'call' || node.name !== 'get' || node.args.length !== 1) return undefined;
  const path = node.args[0]!;
  return path.kind === 'string' && path.value.startsWith('$') ? { path: path.value } : undefined;
}
