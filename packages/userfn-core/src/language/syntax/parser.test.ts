import { describe, expect, it } from 'vitest';
import { walk, type Node } from '../../common/ast/nodes.js';
import { parse } from './index.js';
import { sexpr } from '../../../test/support/syntax/sexpr.js';

/** The tree of a source that must parse without any diagnostic. */
function tree(source: string): string {
  const r = parse(source);
  expect(r.diagnostics).toEqual([]);
  return sexpr(r.ast);
}

function ast(source: string): Node {
  const r = parse(source);
  expect(r.diagnostics).toEqual([]);
  return r.ast!;
}

describe('precedence, loosest first', () => {
  it.each([
    ['true or false and null', '(or true (and false null))'],
    ['true and false or null', '(or (and true false) null)'],
    ['not true and false', '(and (not true) false)'],
    ['not 1 == 2', '(not (== 1 2))'],
    ['not 1 < 2 == true', '(not (== (< 1 2) true))'],
    ['1 == 2 and 3 != 4', '(and (== 1 2) (!= 3 4))'],
    ['1 < 2 == 3 > 4', '(== (< 1 2) (> 3 4))'],
    ['1 == 2 < 3', '(== 1 (< 2 3))'],
    ["'a' in ['a'] == true", "(== (in 'a' ['a']) true)"],
    ['1 + 2 < 3 * 4', '(< (+ 1 2) (* 3 4))'],
    ['1 + 2 * 3', '(+ 1 (* 2 3))'],
    ['1 * 2 + 3 % 4', '(+ (* 1 2) (% 3 4))'],
    ['-1 * 2', '(* (neg 1) 2)'],
    ['-(1 * 2)', '(neg (* 1 2))'],
    ['!true == false', '(== (! true) false)'],
    ['- - 1', '(neg (neg 1))'],
    ['-!-1', '(neg (! (neg 1)))'],
    ['not not true', '(not (not true))'],
    ['not -1 == 1', '(not (== (neg 1) 1))'],
    ['true ? 1 : 2 + 3', '(?: true 1 (+ 2 3))'],
    ['true or false ? 1 : 2', '(?: (or true false) 1 2)'],
    ['not true ? 1 : 2', '(?: (not true) 1 2)'],
    ['(1 + 2) * 3', '(* (+ 1 2) 3)'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });
});

describe('associativity', () => {
  it.each([
    ['1 - 2 - 3', '(- (- 1 2) 3)'],
    ['1 / 2 / 3', '(/ (/ 1 2) 3)'],
    ['1 - (2 - 3)', '(- 1 (- 2 3))'],
    ['true and false and null', '(and (and true false) null)'],
    ['true or false or null', '(or (or true false) null)'],
    ['true ? 1 : false ? 2 : 3', '(?: true 1 (?: false 2 3))'],
    ['true ? false ? 1 : 2 : 3', '(?: true (?: false 1 2) 3)'],
    ['(true ? 1 : 2) ? 3 : 4', '(?: (?: true 1 2) 3 4)'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });
});

describe('spelling normalised in the AST', () => {
  it.each([
    ['true && false', '(and true false)'],
    ['true || false', '(or true false)'],
    ['1 <> 2', '(!= 1 2)'],
    ['!true', '(! true)'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });
});

describe('keywords are case-insensitive, names are not', () => {
  it.each([
    ['TRUE AND NOT False', '(and true (not false))'],
    ['Null Or tRuE', '(or null true)'],
    ["'a' IN ['a']", "(in 'a' ['a'])"],
    ['IF (TRUE) THEN 1 ELSE 2', '(if true 1 2)'],
    ['If(true, 1, 2)', '(if() true 1 2)'],
    ['Length(1)', '(call Length 1)'],
    ['android(1) or iffy(2)', '(or (call android 1) (call iffy 2))'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });
});

describe('literals', () => {
  it.each([
    ['2', 2],
    ['2.45', 2.45],
    ['.5', 0.5],
    ['1e3', 1000],
    ['1.5E-3', 0.0015],
    ['1e+3', 1000],
    ['007', 7],
    ['1e-400', 0],
  ])('number %s', (source, value) => {
    const node = ast(source);
    expect(node).toMatchObject({ kind: 'number', value, raw: source });
  });

  it.each([
    ["'it''s'", "it's"],
    ["'\\d+'", '\\d+'],
    ["''", ''],
    ["''''", "'"],
    ["'two\nlines'", 'two\nlines'],
    ["'héllo 🎉'", 'héllo 🎉'],
  ])('string %s', (source, value) => {
    expect(ast(source)).toMatchObject({ kind: 'string', value });
  });

  it('lists, possibly empty and nested', () => {
    expect(tree('[]')).toBe('[]');
    expect(tree("[1, 'a', [true, null], []]")).toBe("[1 'a' [true null] []]");
  });

  it('calls, with and without arguments', () => {
    expect(tree('now()')).toBe('(call now)');
    expect(tree("get('$.a', 0)")).toBe("(call get '$.a' 0)");
    expect(tree('f (1)')).toBe('(call f 1)');
  });
});

describe('conditional forms', () => {
  it.each([
    ['if (true) 1 else 2', '(if true 1 2)'],
    ['if (true) then 1 else 2', '(if true 1 2)'],
    ['if true then 1 else 2', '(if true 1 2)'],
    ['if(true, 1, 2)', '(if() true 1 2)'],
    ['if (true, 1, 2)', '(if() true 1 2)'],
    ['true ? 1 : 2', '(?: true 1 2)'],
  ])('%s', (source, expected) => {
    expect(tree(source)).toBe(expected);
  });

  it('the else branch extends as far right as possible', () => {
    expect(tree('1 + if (true) 2 else 3 + 4')).toBe('(+ 1 (if true 2 (+ 3 4)))');
    expect(tree('if (true) 1 else 2 or false')).toBe('(if true 1 (or 2 false))');
    expect(tree('if (true) 1 else 2 ? 3 : 4')).toBe('(if true 1 (?: 2 3 4))');
    expect(tree('if true then 1 else if false then 2 else 3')).toBe('(if true 1 (if false 2 3))');
  });

  it('a ( right after if opens the parenthesised condition', () => {
    expect(tree('if (1) - 2 else 3')).toBe('(if 1 (neg 2) 3)');
    expect(tree('if (true) (1) else 2')).toBe('(if true 1 2)');
    expect(tree('if ((true)) 1 else 2')).toBe('(if true 1 2)');
  });

  it('nests: an if in a then branch takes the nearest else', () => {
    expect(tree('if (true) if (false) 1 else 2 else 3')).toBe('(if true (if false 1 2) 3)');
  });

  it('a : ends an if inside a ternary', () => {
    expect(tree('true ? if (false) 1 else 2 : 3')).toBe('(?: true (if false 1 2) 3)');
  });

  it('the function form is a primary', () => {
    expect(tree('if(true, 1, 2) + 1')).toBe('(+ (if() true 1 2) 1)');
    expect(tree('(if (true) 1 else 2) + 3')).toBe('(+ (if true 1 2) 3)');
  });
});

describe('ids and spans', () => {
  it('numbers nodes 0..n-1 in pre-order and reports the count', () => {
    const r = parse('f(1, 2 + 3)');
    const ids: number[] = [];
    const kinds: string[] = [];
    walk(r.ast!, (n) => {
      ids.push(n.id);
      kinds.push(n.kind);
    });
    expect(ids).toEqual([0, 1, 2, 3, 4]);
    expect(kinds).toEqual(['call', 'number', 'binary', 'number', 'number']);
    expect(r.nodeCount).toBe(5);
  });

  it('gives half-open spans; parentheses belong to the parent, not the node', () => {
    const source = '(1 + 2) * f(3)';
    const node = ast(source);
    if (node.kind !== 'binary') throw new Error('expected a binary node');
    expect(node.span).toEqual({ start: 0, end: 14 });
    expect(node.opSpan).toEqual({ start: 8, end: 9 });
    expect(node.left.span).toEqual({ start: 1, end: 6 });
    expect(node.right).toMatchObject({ kind: 'call', span: { start: 10, end: 14 }, nameSpan: { start: 10, end: 11 } });
    expect(source.slice(node.left.span.start, node.left.span.end)).toBe('1 + 2');
  });

  it('spans conditionals, unary operators, lists and strings exactly', () => {
    const source = "if (true) -1 else ['a''b']";
    const node = ast(source);
    if (node.kind !== 'conditional') throw new Error('expected a conditional');
    expect(node.span).toEqual({ start: 0, end: source.length });
    expect(node.then.span).toEqual({ start: 10, end: 12 });
    expect(node.else).toMatchObject({ kind: 'list', span: { start: 18, end: 26 } });
    expect(source.slice(18, 26)).toBe("['a''b']");
  });

  it('counts offsets in UTF-16 code units', () => {
    const node = ast("'🎉' + 1");
    if (node.kind !== 'binary') throw new Error('expected a binary node');
    expect(node.left.span).toEqual({ start: 0, end: 4 });
    expect(node.opSpan).toEqual({ start: 5, end: 6 });
  });

  it('ignores comments and whitespace of every kind', () => {
    const r = parse('/* a */ 1 // b\n\t+\u00a02 /* c */');
    expect(r.diagnostics).toEqual([]);
    expect(sexpr(r.ast)).toBe('(+ 1 2)');
    expect(r.comments.map((c) => c.text)).toEqual(['/* a */', '// b', '/* c */']);
    expect(r.comments.map((c) => c.block)).toEqual([true, false, true]);
    expect(r.comments[1]!.span).toEqual({ start: 10, end: 14 });
  });
});
