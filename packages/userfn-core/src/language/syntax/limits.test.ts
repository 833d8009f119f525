import { describe, expect, it } from 'vitest';
import { Codes } from '../../common/diagnostics/codes.js';
import { parse } from './index.js';
import fc from 'fast-check';
import { DEFAULT_LIMITS } from '../../common/limits.js';
import { checkTokens, checkTree, PARSER_NESTING_CAP, scanTokens, walkTree } from './limits-guard.js';
import { lex } from './token-stream.js';
import { sexpr } from '../../../test/support/syntax/sexpr.js';
import { sourceArb } from '../../../test/support/syntax/source-arb.js';

function codes(source: string, limits: Parameters<typeof parse>[1] = {}): string[] {
  return parse(source, limits).diagnostics.map((d) => `${d.code}@${d.span.start}-${d.span.end}`);
}

const N = 100_000;
/** Lets the hostile sources through the length limit, so the other limits are what stops them. */
const ROOMY = { limits: { maxSourceLength: 20_000_000 } };

describe('hostile nesting ends in a limit diagnostic, never a stack overflow', () => {
  const hostile: Array<[string, string]> = [
    ['parentheses', '('.repeat(N) + '1' + ')'.repeat(N)],
    ['unclosed parentheses', '('.repeat(N + 1)],
    ['lists', '['.repeat(N + 1)],
    ['calls', 'f('.repeat(N) + ')'.repeat(N)],
    ['not chain', 'not '.repeat(N) + 'true'],
    ['minus chain', '-'.repeat(N) + '1'],
    ['bang chain', '!'.repeat(N) + 'true'],
    ['if nesting', 'if (true) '.repeat(N) + '1' + ' else 2'.repeat(N)],
    ['else-if chain', 'if true then 1 else '.repeat(N) + '1'],
    ['function-form if', 'if(true, '.repeat(N) + '1' + ', 2)'.repeat(N)],
    ['left-assoc chain', Array(N).fill('1').join('+')],
    ['logical chain', Array(N).fill('true').join(' and ')],
    ['ternaries in then', 'true ? '.repeat(N) + '1' + ' : 2'.repeat(N)],
    ['ternaries in else', 'true ? 1 : '.repeat(N) + '2'],
    ['indexing', 'x['.repeat(N)],
  ];

  it.each(hostile)('%s: UF4002', (_name, source) => {
    const r = parse(source, ROOMY);
    expect(r.ast).toBeNull();
    expect(r.nodeCount).toBe(0);
    expect(r.diagnostics.map((d) => d.code)).toContain(Codes.NestingTooDeep);
    expect(r.diagnostics.every((d) => d.phase === 'limit' || d.phase === 'syntax')).toBe(true);
  });

  it.each(hostile)('%s: UF4001 with the default limits', (_name, source) => {
    const r = parse(source);
    expect(r.ast).toBeNull();
    expect(codes(source)).toEqual([`UF4001@100000-${source.length}`]);
  });

  it('stops a 10 MB source before lexing it', () => {
    const source = "'" + 'x'.repeat(10_000_000) + "'";
    expect(codes(source)).toEqual([`UF4001@100000-${source.length}`]);
    expect(parse('1'.repeat(10_000_000)).diagnostics[0]!.code).toBe(Codes.SourceTooLong);
  });

  it('long junk of other kinds ends in plain syntax errors', () => {
    expect(codes(')'.repeat(N))).toEqual([`UF1001@0-${N}`]);
    expect(codes('€'.repeat(N))).toEqual([`UF1008@0-${N}`]);
    expect(parse('()'.repeat(N / 2)).diagnostics.length).toBeGreaterThan(0);
  });
});

describe('maxDepth', () => {
  const depth = (n: number) => ({ limits: { maxDepth: n } });

  it('accepts nesting up to the limit and reports the token that goes one deeper', () => {
    expect(codes('((1))', depth(2))).toEqual([]);
    expect(codes('(((1)))', depth(2))).toEqual(['UF4002@2-3']);
    expect(codes('[[[]]]', depth(2))).toEqual(['UF4002@2-3']);
    expect(codes('f(g(h(1)))', depth(2))).toEqual(['UF4002@5-6']);
    expect(codes('if (true) if (true) 1 else 2 else 3', depth(2))).toEqual([]);
    expect(codes('if true then 1 else if true then 2 else if true then 3 else 4', depth(2))).toEqual(['UF4002@40-42']);
  });

  it('counts operator chains by the depth of the tree they make', () => {
    expect(codes('- - 1', depth(2))).toEqual([]);
    expect(codes('- - - 1', depth(2))).toEqual(['UF4002@4-5']);
    expect(codes('not not not true', depth(2))).toEqual(['UF4002@8-11']);
    expect(codes('1 + 2 + 3', depth(2))).toEqual([]);
    expect(codes('1 + 2 + 3 + 4', depth(2))).toEqual(['UF4002@10-11']);
    expect(codes('true ? 1 : true ? 2 : true ? 3 : 4', depth(2))).toEqual(['UF4002@27-28']);
  });

  it('lets a looser operator end a chain: only the real depth counts', () => {
    // (and (== (+ 1 2) 3) (== (+ 4 5) 6)): depth 3 although there are two + and two ==
    expect(codes('1 + 2 == 3 and 4 + 5 == 6', depth(3))).toEqual([]);
    expect(codes('1 + 2 == 3 and 4 + 5 == 6', depth(2))).toEqual(['UF4002@0-1']);
  });

  it('checks the finished tree where brackets and operators combine', () => {
    // three brackets (fine), but the 1 is under four unary nodes (too deep): found on the tree
    expect(codes('-(-(-(-1)))', depth(3))).toEqual(['UF4002@7-8']);
    expect(parse('-(-(-(-1)))', depth(3)).ast).toBeNull();
    expect(sexpr(parse('-(-(-1))', depth(3)).ast)).toBe('(neg (neg (neg 1)))');
  });

  it(`never lets the parser recurse past ${PARSER_NESTING_CAP} levels, whatever maxDepth says`, () => {
    const deep = '('.repeat(PARSER_NESTING_CAP + 1) + '1' + ')'.repeat(PARSER_NESTING_CAP + 1);
    expect(codes(deep, depth(1_000_000))).toEqual([`UF4002@${PARSER_NESTING_CAP}-${PARSER_NESTING_CAP + 1}`]);
    const ok = '('.repeat(PARSER_NESTING_CAP) + '1' + ')'.repeat(PARSER_NESTING_CAP);
    expect(codes(ok, depth(1_000_000))).toEqual([]);
  });

  it('parses the default depth (200) of every nesting construct', () => {
    const n = 200;
    for (const source of [
      '('.repeat(n) + '1' + ')'.repeat(n),
      'f('.repeat(n) + ')'.repeat(n),
      '['.repeat(n) + ']'.repeat(n),
      'if (true) '.repeat(n) + '1' + ' else 2'.repeat(n),
      '-'.repeat(n) + '1',
      Array(n + 1)
        .fill('1')
        .join(' + '),
    ]) {
      expect(parse(source).diagnostics).toEqual([]);
    }
  });
});

describe('maxNodes', () => {
  it('reports UF4003 at the token that makes one node too many', () => {
    expect(codes('1 + 2', { limits: { maxNodes: 3 } })).toEqual([]);
    expect(codes('1 + 2 + 3', { limits: { maxNodes: 3 } })).toEqual(['UF4003@6-7']);
    expect(parse('1 + 2 + 3', { limits: { maxNodes: 3 } }).ast).toBeNull();
  });

  it('counts the nodes error recovery adds too', () => {
    // three tokens, but the missing operands make five nodes
    const r = parse('f(, ,)', { limits: { maxNodes: 2 } });
    expect(r.ast).toBeNull();
    expect(r.diagnostics.map((d) => d.code)).toContain(Codes.TooManyNodes);
  });

  it('reports the node count of a tree within the limits', () => {
    expect(parse('[1, 2, 3]').nodeCount).toBe(4);
  });
});

describe('the checks skip the scan only where it cannot find anything', () => {
  // sources of up to some 40 pieces against limits around their size, so both sides of each shortcut are met
  const limitsArb = fc
    .record({ maxDepth: fc.integer({ min: 1, max: 60 }), maxNodes: fc.integer({ min: 1, max: 60 }) })
    .map((l) => ({ ...DEFAULT_LIMITS, ...l }));

  it('checkTokens gives what the full token scan gives', () => {
    let skipped = 0;
    let scanned = 0;
    fc.assert(
      fc.property(sourceArb, limitsArb, (source, limits) => {
        const tokens = lex(source).significant;
        const found = scanTokens(tokens, limits);
        expect(checkTokens(tokens, limits)).toEqual(found);
        if (tokens.length <= Math.min(limits.maxDepth, limits.maxNodes)) skipped++;
        else if (found.length > 0) scanned++;
      }),
      { seed: 11, numRuns: 2000 },
    );
    // both paths were taken, and the scan found limits where it ran
    expect(skipped).toBeGreaterThan(100);
    expect(scanned).toBeGreaterThan(100);
  });

  // trees that are one path (each node has one child), the deepest a node count allows
  const pathArb = fc
    .tuple(fc.integer({ min: 0, max: 60 }), fc.constantFrom('-', 'not ', '!', '['))
    .map(([n, op]) => (op === '[' ? '['.repeat(n) + ']'.repeat(n) : op.repeat(n) + '1'));

  it('checkTree gives what the full tree walk gives', () => {
    let skipped = 0;
    let walked = 0;
    fc.assert(
      fc.property(fc.oneof(sourceArb, pathArb), limitsArb, (source, limits) => {
        const { ast, nodeCount } = parse(source);
        const found = walkTree(ast!, nodeCount, limits);
        expect(checkTree(ast!, nodeCount, limits)).toEqual(found);
        if (nodeCount <= limits.maxNodes && nodeCount - 1 <= limits.maxDepth) skipped++;
        else if (found.length > 0) walked++;
      }),
      { seed: 12, numRuns: 2000 },
    );
    expect(skipped).toBeGreaterThan(100);
    expect(walked).toBeGreaterThan(100);
  });
});

describe('maxSourceLength', () => {
  it('counts UTF-16 code units and spans the excess', () => {
    expect(codes('1 + 1', { limits: { maxSourceLength: 5 } })).toEqual([]);
    expect(codes('1 + 12', { limits: { maxSourceLength: 5 } })).toEqual(['UF4001@5-6']);
    expect(codes("'🎉'", { limits: { maxSourceLength: 3 } })).toEqual(['UF4001@3-4']);
  });
});
