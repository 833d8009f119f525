import { createToken, EOF, type IRecognitionException, type IToken } from 'chevrotain';
import { describe, expect, it } from 'vitest';
import { Codes } from '../../common/diagnostics/codes.js';
import { walk, type Node } from '../../common/ast/nodes.js';
import { cstToAst } from './cst-to-ast.js';
import { parse } from './index.js';
import { parseTokens } from './parser.js';
import { lex } from './token-stream.js';

// The grammar accepts every token sequence, so Chevrotain reports no error and has no
// recovery to do (parser.ts: it is off). Were it ever to fail, the top rule gives an empty
// program and Chevrotain's error: that error must still reach the user, at its token.
describe("Chevrotain's own errors, were the grammar to fail", () => {
  const source = "get('$.a') )";
  const tokens = lex(source).significant;
  const failure = (token: IToken): IRecognitionException => ({
    name: 'MismatchedTokenException',
    message: 'mismatch',
    token,
    resyncedTokens: [],
    context: { ruleStack: [], ruleOccurrenceStack: [] },
  });
  const empty = { expressions: [{ items: [] }], strays: [] };

  it('become an unexpected-token error at the token, beside an empty tree', () => {
    const stray = tokens.at(-1)!;
    const r = cstToAst(empty, { tokens, sourceLength: source.length, badCharacters: [], parserErrors: [failure(stray)], lexerClean: true });
    expect(r.ast.kind).toBe('error');
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: Codes.UnexpectedToken, message: "unexpected ')'", span: { start: 11, end: 12 } }));
  });

  it('at the end of the input become an unexpected-end error there', () => {
    const end = { image: '', startOffset: Number.NaN, endOffset: Number.NaN, tokenType: EOF, tokenTypeIdx: EOF.tokenTypeIdx! } as IToken;
    const r = cstToAst(empty, { tokens, sourceLength: source.length, badCharacters: [], parserErrors: [failure(end)], lexerClean: true });
    expect(r.diagnostics).toContainEqual(expect.objectContaining({ code: Codes.UnexpectedEnd, span: { start: source.length, end: source.length } }));
  });

  it('come from the parser as an empty program and the error, with recovery off', () => {
    // a token of no type the grammar knows: the only way to make it fail
    const Alien = createToken({ name: 'Alien', pattern: /@/ });
    const alien = { image: '@', startOffset: 4, endOffset: 4, tokenType: Alien, tokenTypeIdx: Alien.tokenTypeIdx! } as IToken;
    const { program, errors } = parseTokens([...lex('1 + ').significant, alien]);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]!.token).toBe(alien);
    expect(program).toEqual(empty);
  });

  it('are none for a source of stray tokens, missing parts and unclosed brackets', () => {
    for (const s of ["if get('$.a') ) then", '[1, 2', 'f(, , ', ') ] : else then .x', 'if if if', '1 ? 2', '? : ? :']) {
      expect([s, parseTokens(lex(s).significant).errors]).toEqual([s, []]);
    }
  });
});

// A clean lexing has checked every number literal: the conversion takes Number(image) then.
describe('number literals', () => {
  const numbers = (source: string) => {
    const out: unknown[] = [];
    walk(parse(source).ast!, (n) => {
      if (n.kind === 'number') out.push(n.value);
      if (n.kind === 'error') out.push('ERR');
    });
    return out;
  };

  it('read their values after a clean lexing', () => {
    expect(numbers('1.5e3 + .25 - 007')).toEqual([1500, 0.25, 7]);
  });

  it('are still checked when the lexer reported something: a bad one is an ErrorNode', () => {
    expect(numbers('1e400 + 2.5')).toEqual(['ERR', 2.5]);
    expect(numbers('2.5 + 4 €')).toEqual([2.5, 4]);
    expect(numbers("1e3 + 'open")).toEqual([1000]);
  });
});

describe('the shape of the nodes', () => {
  it('gives every node of a tree the same fields in the same order, whatever its kind', () => {
    // every kind of node, a recovered one (the copy of `b` in a chained comparison) and ErrorNodes
    const source = "if (-1 < get('$.b') < 3) [true, null, 'x'] else not f(2.5 and x, ) ? (1 + ) : g(1 ||";
    const { ast } = parse(source);
    const kinds = new Set<string>();
    const shapes = new Set<string>();
    walk(ast!, (node) => {
      kinds.add(node.kind);
      shapes.add(Object.keys(node).join(','));
    });
    // every kind there is (TypeScript fails this record when a kind is added to Node)
    const every: Record<Node['kind'], true> = {
      number: true,
      string: true,
      boolean: true,
      null: true,
      list: true,
      call: true,
      unary: true,
      binary: true,
      logical: true,
      conditional: true,
      error: true,
    };
    expect([...kinds].sort()).toEqual(Object.keys(every).sort());
    expect([...shapes]).toHaveLength(1);
  });
});
