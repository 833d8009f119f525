import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse, tokenize } from '../syntax/index.js';
import type { BinaryOp, Conditional, Node, UnaryOp } from '../../common/ast/nodes.js';
import { format, print } from './printer.js';

/** The tree without ids and positions, for comparing trees of different sources. */
function stripPositions(node: Node | null): unknown {
  if (node === null) return null;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'id' || key === 'span' || key === 'nameSpan' || key === 'opSpan') continue;
    if (Array.isArray(value)) out[key] = value.map((v) => stripPositions(v as Node));
    else if (value !== null && typeof value === 'object') out[key] = stripPositions(value as Node);
    else out[key] = value;
  }
  return out;
}

/** Reprints a source that must parse cleanly. */
function reprint(source: string): string {
  const r = parse(source);
  expect(r.diagnostics).toEqual([]);
  return print(r.ast!);
}

describe('print: canonical text', () => {
  it.each([
    ["get('$.a')  &&  NOT get('$.b') || TRUE", "get('$.a') and not get('$.b') or true"],
    ['1<>2', '1 != 2'],
    ['NULL==null', 'null == null'],
    ['f( 1 ,2,[ 3,4 ] )', 'f(1, 2, [3, 4])'],
    ['- 1', '-1'],
    ['! true', '!true'],
    ['not(true)', 'not true'],
    ['- - 1', '--1'],
    ['"it\'s"'.replace(/"/g, "'").replace("'it's'", "'it''s'"), "'it''s'"],
    ["'\\d+'", "'\\d+'"],
    ['1e3 + .5 + 007 + 1.5E-3', '1e3 + .5 + 007 + 1.5E-3'],
  ])('%j -> %j', (source, expected) => {
    expect(reprint(source)).toBe(expected);
  });

  it.each([
    ['(a(1) or b(1)) and c(1)', '(a(1) or b(1)) and c(1)'],
    ['a(1) or (b(1) and c(1))', 'a(1) or b(1) and c(1)'],
    ['-(1 + 2)', '-(1 + 2)'],
    ['(-1) + 2', '-1 + 2'],
    ['((1))', '1'],
    ['1 - (2 - 3)', '1 - (2 - 3)'],
    ['(1 - 2) - 3', '1 - 2 - 3'],
    ['(1 * 2) + 3', '1 * 2 + 3'],
    ['1 * (2 + 3)', '1 * (2 + 3)'],
    ['(1 == 2) == true', '(1 == 2) == true'],
    ['1 == (2 == true)', '1 == (2 == true)'],
    ['(1 < 2) == true', '1 < 2 == true'],
    ['not (1 == 2)', 'not 1 == 2'],
    ['(not true) == false', '(not true) == false'],
    ['true == (not false)', 'true == (not false)'],
    ['-(not true)', '-(not true)'],
    ['(not true) and false', 'not true and false'],
    ['not (true and false)', 'not (true and false)'],
    ['(true ? 1 : 2) + 3', '(true ? 1 : 2) + 3'],
    ['(true ? 1 : 2) ? 3 : 4', '(true ? 1 : 2) ? 3 : 4'],
    ['true ? 1 : (false ? 2 : 3)', 'true ? 1 : false ? 2 : 3'],
    ['(if (true) 1 else 2) + 3', '(if (true) 1 else 2) + 3'],
    ['1 + (if (true) 2 else 3)', '1 + if (true) 2 else 3'],
    ['(1 + (if (true) 2 else 3)) + 4', '1 + (if (true) 2 else 3) + 4'],
    ['(if (true) 1 else 2) ? 3 : 4', '(if (true) 1 else 2) ? 3 : 4'],
    ['true ? (if (false) 1 else 2) : 3', 'true ? if (false) 1 else 2 : 3'],
    ['f(if (true) 1 else 2, 3)', 'f(if (true) 1 else 2, 3)'],
    ['-(if (true) 1 else 2) * 3', '-(if (true) 1 else 2) * 3'],
  ])('minimal parentheses: %j -> %j', (source, expected) => {
    expect(reprint(source)).toBe(expected);
  });

  it.each([
    ['if (true) 1 else 2', 'if (true) 1 else 2'],
    ['if (true) then 1 else 2', 'if (true) 1 else 2'],
    ['IF true THEN 1 ELSE 2', 'if (true) 1 else 2'],
    ['if(true,1,2)', 'if(true, 1, 2)'],
    ['If (true, 1, 2)', 'if(true, 1, 2)'],
    ['true?1:2', 'true ? 1 : 2'],
  ])('keeps each conditional form: %j -> %j', (source, expected) => {
    expect(reprint(source)).toBe(expected);
  });

  it('prints an ErrorNode as a bare name, so the text still fails to parse', () => {
    const printed = print(parse('1 +').ast!);
    expect(printed).toBe('1 + __error__');
    expect(parse(printed).diagnostics.length).toBeGreaterThan(0);
  });

  it('prints trees too deep for recursion', () => {
    const r = parse('-'.repeat(50_000) + '1', { limits: { maxDepth: 100_000, maxNodes: 100_000 } });
    expect(print(r.ast!)).toBe('-'.repeat(50_000) + '1');
  });
});

describe('format: canonical text with the comments kept', () => {
  it.each([
    ["// why\nget('$.a') == 1 // trailing", "// why\nget('$.a') == 1 // trailing\n"],
    ['f(/*a*/ 1 /*b*/ , /*c*/ 2) /*d*/', 'f(/*a*/ 1 /*b*/, /*c*/ 2) /*d*/'],
    ['/*x*/ (1 + 2) * 3', '/*x*/ (1 + 2) * 3'],
    ['(1 /*in*/) + 2', '1 /*in*/ + 2'],
    ['true and // first\n // second\n false', 'true and // first\n// second\nfalse'],
    ['if /*k*/ true then /*t*/ 1 /*e*/ else 2', 'if /*k*/ (true) /*t*/ 1 /*e*/ else 2'],
    ['[1, /* two */ 2]', '[1, /* two */ 2]'],
    ['1 /*a*/ /*b*/ + 2', '1 /*a*/ /*b*/ + 2'],
  ])('%j -> %j', (source, expected) => {
    expect(format(source)).toBe(expected);
  });

  it('returns null when the source has errors', () => {
    expect(format('1 +')).toBeNull();
    expect(format('')).toBeNull();
    expect(format('// only a comment')).toBeNull();
    expect(format('1 /* unclosed')).toBeNull();
    expect(format('(1'.repeat(300))).toBeNull();
  });

  it('keeps a comment at any place in non-canonical sources, idempotently', () => {
    const sources = [
      'if c(1) then (1) else ((2))',
      '((a(1) || b(1))) && !(c(1))',
      'IF (true, [1, (2)], f( 3 ))',
      '(true ? (1) : (2)) ? 3 : 4',
      '-(-(1)) + (((2)))',
      'x(1) <> (y(1) == (z(1)))',
      'if (a(1)) then b(1) else if c(1) then d(1) else e(1)',
      '(if (true) 1 else 2) + 3',
      'not (1 == 2) and (not true) == false',
    ];
    for (const source of sources) {
      const expectedTree = stripPositions(parse(source).ast);
      const cuts = [0, ...tokenize(source).map((t) => t.span.end)];
      for (const cut of cuts) {
        for (const comment of ['/* c */', '// c']) {
          const commented = `${source.slice(0, cut)} ${comment}\n${source.slice(cut)}`;
          const once = format(commented);
          expect(once, commented).not.toBeNull();
          expect(format(once!), commented).toBe(once);
          const r = parse(once!);
          expect(r.comments.map((c) => c.text)).toEqual([comment]);
          expect(stripPositions(r.ast)).toEqual(expectedTree);
        }
      }
    }
  });

  it('is idempotent', () => {
    for (const source of ['// a\n(1 /*b*/) + (2) // c', 'if c(1) /*x*/ then (1) else /*y*/ 2', 'f(-(1 /*c*/), 2)']) {
      const once = format(source)!;
      expect(once).not.toBeNull();
      expect(format(once)).toBe(once);
    }
  });
});

// ---- random trees ----

const KEYWORDS = new Set(['true', 'false', 'null', 'if', 'then', 'else', 'and', 'or', 'not', 'in']);
const NO_POSITION = { start: 0, end: 0 };

const nameArb = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,7}$/).filter((name) => !KEYWORDS.has(name.toLowerCase()));

const rawNumberArb = fc.oneof(
  fc.nat({ max: 100_000 }).map(String),
  fc.tuple(fc.nat({ max: 999 }), fc.nat({ max: 999 })).map(([a, b]) => `${a}.${b}`),
  fc.nat({ max: 999 }).map((b) => `.${b}`),
  fc.constantFrom('1e3', '1.5E-3', '1e+3', '007', '0', '2.45', '1e308', '5e-324'),
);

const stringValueArb = fc.oneof(
  fc.string({ unit: 'grapheme', maxLength: 8 }),
  fc.constantFrom("'", "''", '\\', '\\d+', '"', '\n', '*/', '//', '/*', "it's", '🎉', ''),
);

const binaryOps: BinaryOp[] = ['+', '-', '*', '/', '%', '==', '!=', '<', '<=', '>', '>=', 'in'];
const unaryOps: UnaryOp[] = ['not', '!', '-'];
const forms: Conditional['form'][] = ['if', 'call', 'ternary'];

const base = { id: 0, span: NO_POSITION };

const { node: nodeArb } = fc.letrec<{ node: Node; leaf: Node }>((tie) => ({
  leaf: fc.oneof(
    rawNumberArb.map((raw): Node => ({ ...base, kind: 'number', value: Number(raw), raw })),
    stringValueArb.map((value): Node => ({ ...base, kind: 'string', value })),
    fc.boolean().map((value): Node => ({ ...base, kind: 'boolean', value })),
    fc.constant<Node>({ ...base, kind: 'null' }),
  ),
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    tie('leaf'),
    fc.array(tie('node'), { maxLength: 3 }).map((items): Node => ({ ...base, kind: 'list', items })),
    fc.tuple(nameArb, fc.array(tie('node'), { maxLength: 3 })).map(([name, args]): Node => ({ ...base, kind: 'call', name, nameSpan: NO_POSITION, args })),
    fc.tuple(fc.constantFrom(...unaryOps), tie('node')).map(([op, operand]): Node => ({ ...base, kind: 'unary', op, operand })),
    fc
      .tuple(fc.constantFrom(...binaryOps), tie('node'), tie('node'))
      .map(([op, left, right]): Node => ({ ...base, kind: 'binary', op, left, right, opSpan: NO_POSITION })),
    fc
      .tuple(fc.constantFrom<'and' | 'or'>('and', 'or'), tie('node'), tie('node'))
      .map(([op, left, right]): Node => ({ ...base, kind: 'logical', op, left, right, opSpan: NO_POSITION })),
    fc
      .tuple(fc.constantFrom(...forms), tie('node'), tie('node'), tie('node'))
      .map(([form, test, then, otherwise]): Node => ({ ...base, kind: 'conditional', form, test, then, else: otherwise })),
  ),
}));

/** Puts comments between the tokens of a text, at random. */
const commentedArb = fc
  .tuple(nodeArb, fc.array(fc.tuple(fc.nat(), fc.boolean(), fc.stringMatching(/^[a-z *]{0,6}$/)), { maxLength: 6 }))
  .map(([node, inserts]) => {
    const text = print(node);
    const tokens = tokenize(text);
    const cuts = new Map<number, string[]>();
    const comments: string[] = [];
    for (const [at, block, body] of inserts) {
      const offset = tokens.length === 0 ? 0 : tokens[at % tokens.length]!.span.start;
      const comment = block ? `/*${body.replaceAll('*/', '')}*/` : `//${body}`;
      cuts.set(offset, [...(cuts.get(offset) ?? []), comment]);
    }
    let out = '';
    for (let i = 0; i <= text.length; i++) {
      for (const c of cuts.get(i) ?? []) {
        out += c.startsWith('//') ? ` ${c}\n` : ` ${c} `;
        comments.push(c);
      }
      if (i < text.length) out += text[i];
    }
    return { node, source: out, comments };
  });

describe('print and parse agree on random trees', () => {
  it('parse(print(ast)) is the same tree', () => {
    fc.assert(
      fc.property(nodeArb, (node) => {
        const text = print(node);
        const r = parse(text, { limits: { maxDepth: 10_000, maxNodes: 100_000 } });
        expect(r.diagnostics).toEqual([]);
        expect(stripPositions(r.ast)).toEqual(stripPositions(node));
      }),
      { seed: 42, numRuns: 300 },
    );
  });

  it('print is canonical: formatting printed text changes nothing', () => {
    fc.assert(
      fc.property(nodeArb, (node) => {
        const text = print(node);
        expect(format(text)).toBe(text);
      }),
      { seed: 43, numRuns: 200 },
    );
  });

  it('format keeps every comment, is idempotent and keeps the tree', () => {
    fc.assert(
      fc.property(commentedArb, ({ node, source, comments }) => {
        const once = format(source);
        expect(once).not.toBeNull();
        expect(format(once!)).toBe(once);
        const r = parse(once!);
        expect(r.comments.map((c) => c.text)).toEqual(comments);
        expect(stripPositions(r.ast)).toEqual(stripPositions(node));
      }),
      { seed: 44, numRuns: 300 },
    );
  });
});
