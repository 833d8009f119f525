import {
  isSingularSegments,
  type Comparable,
  type ComparisonOp,
  type FunctionArg,
  type FunctionExpr,
  type LiteralExpr,
  type LogicalExpr,
  type PathSegment,
  type QueryExpr,
} from './ast.js';
import { lookupFunction, type FunctionDeclaration } from './functions.js';
import { isBlank, isDigit, scanLowerIdent, scanNumber, scanString, type Cursor } from './lexer.js';

/**
 * The filter-expression grammar of RFC 9535 (§2.3.5) and its well-typedness
 * rules (§2.4.3), checked while parsing so that every error points at the
 * offending sub-expression. `&&`/`||` chains become one n-ary node (a loop, not
 * recursion); parentheses, function calls and nested filters each count
 * towards the cursor's nesting cap.
 */

/** Reads the segments after `@`/`$`; passed in by the query parser (which owns the segment grammar). */
export type SegmentsParser = (cur: Cursor) => PathSegment[];

/** What a primary or sub-expression parses to before its context decides how it is typed. */
type Parsed = LogicalExpr | LiteralExpr | QueryExpr | FunctionExpr;

/** Parses `logical-expr` at the cursor (after `?` and blank space). */
export function parseFilterExpr(cur: Cursor, parseSegments: SegmentsParser): LogicalExpr {
  const p = new FilterParser(cur, parseSegments);
  return p.toLogical(p.parseOr());
}

const LPAREN = 0x28;
const RPAREN = 0x29;
const COMMA = 0x2c;

function end(e: { offset: number; length: number }): number {
  return e.offset + e.length;
}

class FilterParser {
  constructor(
    private readonly cur: Cursor,
    private readonly parseSegments: SegmentsParser,
  ) {}

  /** logical-or-expr; returns a bare primary when there is no operator (function arguments need that). */
  parseOr(): Parsed {
    const cur: Cursor = this.cur;
    const first = this.parseAnd();
    let operands: LogicalExpr[] | null = null;
    for (;;) {
      const save = cur.pos;
      cur.skipBlank();
      if (cur.code() !== 0x7c || cur.code(1) !== 0x7c) {
        cur.pos = save;
        break;
      }
      operands ??= [this.toLogical(first)];
      cur.pos += 2;
      cur.skipBlank();
      operands.push(this.toLogical(this.parseAnd()));
    }
    if (operands === null) return first;
    return { kind: 'or', operands, offset: first.offset, length: end(operands[operands.length - 1]!) - first.offset };
  }

  private parseAnd(): Parsed {
    const cur: Cursor = this.cur;
    const first = this.parseBasic();
    let operands: LogicalExpr[] | null = null;
    for (;;) {
      const save = cur.pos;
      cur.skipBlank();
      if (cur.code() !== 0x26 || cur.code(1) !== 0x26) {
        cur.pos = save;
        break;
      }
      operands ??= [this.toLogical(first)];
      cur.pos += 2;
      cur.skipBlank();
      operands.push(this.toLogical(this.parseBasic()));
    }
    if (operands === null) return first;
    return { kind: 'and', operands, offset: first.offset, length: end(operands[operands.length - 1]!) - first.offset };
  }

  /** paren-expr / comparison-expr / test-expr (a bare primary is returned as is). */
  private parseBasic(): Parsed {
    const cur: Cursor = this.cur;
    const start = cur.pos;
    const c = cur.code();
    if (c === 0x21 /* ! */ && cur.code(1) !== 0x3d /* != */) {
      cur.pos++;
      cur.skipBlank();
      if (cur.code() === LPAREN) {
        const inner = this.parseParen();
        return { kind: 'not', operand: inner, offset: start, length: cur.pos - start };
      }
      const operand = this.parsePrimary();
      if (operand.kind === 'literal') {
        cur.fail("'!' applies to a query, a function or a parenthesised expression, not a literal", operand.offset, operand.length);
      }
      const test = this.toLogical(operand);
      const afterOperand = cur.pos;
      cur.skipBlank();
      if (this.peekComparisonOp() !== null) {
        cur.fail("'!' cannot negate one side of a comparison: write !(a == b)", start, cur.pos - start);
      }
      cur.pos = afterOperand;
      return { kind: 'not', operand: test, offset: start, length: afterOperand - start };
    }
    if (c === LPAREN) return this.parseParen();
    const left = this.parsePrimary();
    const save = cur.pos;
    cur.skipBlank();
    const op = this.peekComparisonOp();
    if (op === null) {
      if (cur.code() === 0x3d /* = */) cur.fail("use '==' to compare", cur.pos, 1);
      cur.pos = save;
      return left;
    }
    const checkedLeft = this.asComparable(left);
    cur.pos += op.length;
    cur.skipBlank();
    const right = this.asComparable(this.parsePrimary());
    return { kind: 'comparison', op, left: checkedLeft, right, offset: start, length: cur.pos - start };
  }

  private peekComparisonOp(): ComparisonOp | null {
    const cur: Cursor = this.cur;
    const a = cur.code();
    const eq = cur.code(1) === 0x3d;
    switch (a) {
      case 0x3d:
        return eq ? '==' : null;
      case 0x21:
        return eq ? '!=' : null;
      case 0x3c:
        return eq ? '<=' : '<';
      case 0x3e:
        return eq ? '>=' : '>';
      default:
        return null;
    }
  }

  /** `(` S logical-expr S `)`; parentheses leave no node of their own. */
  private parseParen(): LogicalExpr {
    const cur: Cursor = this.cur;
    const open = cur.pos;
    cur.enter(open);
    cur.pos++;
    cur.skipBlank();
    const inner = this.toLogical(this.parseOr());
    cur.skipBlank();
    if (cur.code() !== RPAREN) {
      if (cur.atEnd()) cur.fail(`missing ')' to close the '(' at offset ${open}`, cur.pos, 0);
      cur.failHere("expected ')'");
    }
    cur.pos++;
    cur.leave();
    return inner;
  }

  /** A query (`@...`, `$...`), a literal, or a function call. */
  private parsePrimary(): LiteralExpr | QueryExpr | FunctionExpr {
    const cur: Cursor = this.cur;
    const start = cur.pos;
    const c = cur.code();
    if (c === 0x40 /* @ */ || c === 0x24 /* $ */) {
      cur.pos++;
      const segments = this.parseSegments(cur);
      return {
        kind: 'query',
        root: c === 0x40 ? '@' : '$',
        segments,
        singular: isSingularSegments(segments),
        offset: start,
        length: cur.pos - start,
      };
    }
    if (c === 0x27 || c === 0x22) {
      const value = scanString(cur);
      return { kind: 'literal', value, offset: start, length: cur.pos - start };
    }
    if (c === 0x2d || isDigit(c)) {
      const value = scanNumber(cur);
      return { kind: 'literal', value, offset: start, length: cur.pos - start };
    }
    if (c >= 0x61 && c <= 0x7a) {
      const name = scanLowerIdent(cur);
      if (cur.code() === LPAREN) return this.parseCall(name, start);
      if (name === 'true' || name === 'false' || name === 'null') {
        return { kind: 'literal', value: name === 'null' ? null : name === 'true', offset: start, length: name.length };
      }
      if (lookupFunction(name) !== undefined && isBlank(cur.code())) {
        cur.fail(`no whitespace is allowed between '${name}' and '('`, cur.pos, 1);
      }
      cur.fail(`unknown name '${name}': expected a query (@ or $), a literal or a function call`, start, name.length);
    }
    if (c >= 0x41 && c <= 0x5a) {
      const word = /* read letters for the message only */ readWord(cur.src, start);
      const lower = word.toLowerCase();
      const hint = lower === 'true' || lower === 'false' || lower === 'null' ? `: literals are lowercase (${lower})` : '';
      cur.fail(`unexpected '${word}'${hint}`, start, word.length);
    }
    if (c === -1) cur.fail('unexpected end of the path in a filter expression', start, 0);
    cur.failHere('expected a query (@ or $), a literal or a function call');
  }

  /** `name(` S [argument *(S "," S argument)] S `)`, checked against the declaration. */
  private parseCall(name: string, start: number): FunctionExpr {
    const cur: Cursor = this.cur;
    const decl = lookupFunction(name);
    if (decl === undefined) {
      cur.fail(`unknown function '${name}' (the functions are length, count, match, search and value)`, start, name.length);
    }
    const open = cur.pos;
    cur.enter(open);
    cur.pos++;
    cur.skipBlank();
    const args: Parsed[] = [];
    if (cur.code() !== RPAREN) {
      for (;;) {
        args.push(this.parseOr());
        cur.skipBlank();
        const c = cur.code();
        if (c === COMMA) {
          cur.pos++;
          cur.skipBlank();
          continue;
        }
        if (c === RPAREN) break;
        if (c === -1) cur.fail(`missing ')' to close the call of ${name}()`, cur.pos, 0);
        cur.failHere("expected ',' or ')'");
      }
    }
    cur.pos++;
    cur.leave();
    const length = cur.pos - start;
    if (args.length !== decl.params.length) {
      const n = decl.params.length;
      cur.fail(`${name}() takes ${n} argument${n === 1 ? '' : 's'}, not ${args.length}`, start, length);
    }
    const checked = args.map((a, i) => this.checkArgument(decl, i, a));
    return { kind: 'function', name, args: checked, result: decl.result, offset: start, length };
  }

  /** Applies §2.4.3: an argument must fit its declared parameter type. */
  private checkArgument(decl: FunctionDeclaration, i: number, arg: Parsed): FunctionArg {
    const fail = (what: string): never => this.cur.fail(`argument ${i + 1} of ${decl.name}() must be ${what}`, arg.offset, arg.length);
    switch (decl.params[i]!) {
      case 'value':
        if (arg.kind === 'literal') return arg;
        if (arg.kind === 'query' && arg.singular) return arg;
        if (arg.kind === 'function' && arg.result === 'value') return arg;
        if (arg.kind === 'query') return fail('a single value: this query is not singular (use only names and indices)');
        return fail('a value: a literal, a singular query or a function returning a value');
      case 'logical':
        if (arg.kind === 'literal') return fail('a logical expression');
        return this.toLogical(arg);
      case 'nodes':
        if (arg.kind === 'query') return arg;
        if (arg.kind === 'function' && arg.result === 'nodes') return arg;
        return fail('a query (a nodelist)');
    }
  }

  /** Types an expression used as a test: queries test existence; value-returning functions and literals must be compared. */
  toLogical(e: Parsed): LogicalExpr {
    switch (e.kind) {
      case 'literal':
        return this.cur.fail('a literal cannot be used as a test: compare it (e.g. @.a == true)', e.offset, e.length);
      case 'query':
        return { kind: 'test', operand: e, offset: e.offset, length: e.length };
      case 'function':
        if (e.result === 'value') {
          return this.cur.fail(`${e.name}() returns a value, not a logical result: compare it (e.g. ${e.name}(...) == 1)`, e.offset, e.length);
        }
        return { kind: 'test', operand: e, offset: e.offset, length: e.length };
      default:
        return e;
    }
  }

  /** Types one side of a comparison: a literal, a singular query, or a function returning a value. */
  private asComparable(e: Parsed): Comparable {
    switch (e.kind) {
      case 'literal':
        return e;
      case 'query':
        if (!e.singular) {
          this.cur.fail("a query in a comparison must be singular (only names and indices; no '..', '*', slices, filters or unions)", e.offset, e.length);
        }
        return e;
      case 'function':
        if (e.result !== 'value') this.cur.fail(`${e.name}() returns a logical result and cannot be compared`, e.offset, e.length);
        return e;
      default:
        return this.cur.fail('a logical expression cannot be compared', e.offset, e.length);
    }
  }
}

function readWord(s: string, i: number): string {
  let j = i;
  while (j < s.length) {
    const c = s.charCodeAt(j);
    if (!((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || isDigit(c) || c === 0x5f)) break;
    j++;
  }
  return s.slice(i, j);
}
