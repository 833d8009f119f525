import { describe, expect, it } from 'vitest';
import { Codes } from '../../common/diagnostics/codes.js';
import { parse } from './index.js';
import { sexpr } from '../../../test/support/syntax/sexpr.js';

/** Every diagnostic as `code@start-end`, in order. */
function errors(source: string): string[] {
  return parse(source).diagnostics.map((d) => `${d.code}@${d.span.start}-${d.span.end}`);
}

/** The single diagnostic of a source. */
function only(source: string) {
  const ds = parse(source).diagnostics;
  expect(ds.map((d) => `${d.code}@${d.span.start}-${d.span.end}`)).toHaveLength(1);
  return ds[0]!;
}

describe('every syntax error code, with its exact span', () => {
  it.each([
    // UF1001 unexpected token
    ['1 + * 2', 'UF1001@4-5'],
    ['1 2', 'UF1001@2-3'],
    ["get('$.a') get('$.b')", 'UF1001@11-14'],
    ['1 )', 'UF1001@2-3'],
    ['1 ) ) ]', 'UF1001@2-7'],
    ['true else 1', 'UF1001@5-9'],
    ['1 == not true', 'UF1001@5-8'],
    ['-not true', 'UF1001@1-4'],
    ['(1 ]', 'UF1001@3-4'],
    ['if(true, 1)', 'UF1001@10-11'],
    ['if(true, 1, 2, 3)', 'UF1001@13-16'],
    ['if true 1 else 2', 'UF1001@8-9'],
    // UF1002 unexpected end of input: an empty span at the end
    ['1 +', 'UF1002@3-3'],
    ['(1', 'UF1002@2-2'],
    ['[1, 2', 'UF1002@5-5'],
    ['now(', 'UF1002@4-4'],
    ['if (true) 1', 'UF1002@11-11'],
    ['if (true) 1 else', 'UF1002@16-16'],
    ['true ? 1', 'UF1002@8-8'],
    ['true ? 1 :', 'UF1002@10-10'],
    ['not', 'UF1002@3-3'],
    ['1 + // the rest\n', 'UF1002@16-16'],
    // the others
    ['"abc"', 'UF1003@0-5'],
    ['1 = 1', 'UF1004@2-3'],
    ['1 < 2 < 3', 'UF1005@6-7'],
    ['1 == 1 != 1', 'UF1005@7-9'],
    ["'abc", 'UF1006@0-4'],
    ['"abc', 'UF1006@0-4'],
    ['1 /* x', 'UF1007@2-6'],
    ['1 € 2', 'UF1008@2-3'],
    ['1 + 2 # 3', 'UF1008@6-7'],
    ['1e400', 'UF1009@0-5'],
    ['[1, 2,]', 'UF1010@5-6'],
    ['max(1, 2, )', 'UF1010@8-9'],
    ["get('$.a').b", 'UF1011@10-12'],
    ["get('$.a')[0]", 'UF1011@10-13'],
    ["lower('A').upper()", 'UF1011@10-18'],
    ['', 'UF1012@0-0'],
    ['  /* only */ // a comment', 'UF1012@0-25'],
    ['+1', 'UF1013@0-1'],
    ['1 + +2', 'UF1013@4-5'],
    ['2.', 'UF1014@0-2'],
    ['1e', 'UF1014@0-2'],
    ['1e+', 'UF1014@0-3'],
    ['0x1F', 'UF1014@0-4'],
    ['1_000', 'UF1014@0-5'],
    ['10px', 'UF1014@0-4'],
    ['foo', 'UF1015@0-3'],
    ['foo + 1', 'UF1015@0-3'],
  ])('%j -> %s', (source, expected) => {
    expect(errors(source)).toEqual([expected]);
  });

  it('bad characters in a row are one error', () => {
    expect(errors('1 €€€ 2')).toEqual(['UF1008@2-5']);
    expect(errors('1 🎉 2')).toEqual(['UF1008@2-4']);
  });

  it('a bad character used as an operator is not also a missing operator', () => {
    expect(errors('true & false')).toEqual(['UF1008@5-6']);
    expect(only('true & false').hint).toContain("'and'");
  });

  it('keeps the phase, severity and a hint where there is an obvious fix', () => {
    const d = only('1 = 1');
    expect(d).toMatchObject({ code: Codes.AssignmentOperator, severity: 'error', phase: 'syntax' });
    expect(d.hint).toBe("use '==' for comparison");
    expect(only('foo').hint).toContain("get('$.foo')");
    expect(only('2.').hint).toBeDefined();
  });

  it('gives the doubled-quote hint for an unterminated string only when a quote inside a string ended it early', () => {
    const hintOf = (source: string) => parse(source).diagnostics.find((d) => d.code === Codes.UnterminatedString)?.hint;
    expect(hintOf("'it's'")).toBe("a quote inside a string is written twice: 'it''s'");
    expect(hintOf("contains(get('$.text'), 'don't do it')")).toBe("a quote inside a string is written twice: 'it''s'");
    // a string that is simply not closed yet (as while typing) gets the message alone
    expect(hintOf("get('$.")).toBeUndefined();
    expect(hintOf("'abc")).toBeUndefined();
    expect(hintOf("'a' == 'b")).toBeUndefined();
  });

  it('suggests the single-quoted form of a double-quoted string', () => {
    expect(only('"it\'s"').hint).toContain("'it''s'");
  });

  it('suggests the whole path for member access after get', () => {
    const ds = parse("get('$.a').b[0]").diagnostics;
    expect(ds.map((d) => d.code)).toEqual([Codes.MemberAccess, Codes.MemberAccess]);
    expect(ds[1]!.hint).toContain("get('$.a.b[0]')");
  });
});

describe('recovery: the tree is still built', () => {
  it.each([
    ["get('$.a') and ", "(and (call get '$.a') ERR)"],
    ['lenght(', '(call lenght)'],
    ['max(1, ', '(call max 1 ERR)'],
    ['[1, ', '[1 ERR]'],
    ['1 + * 2', '(+ 1 (* ERR 2))'],
    ['(1 + 2', '(+ 1 2)'],
    ['1 = 1', '(== 1 1)'],
    ['1 === 1', '(== 1 1)'],
    ['1 !== 2', '(!= 1 2)'],
    ['1 < 2 < 3', '(and (< 1 2) (< 2 3))'],
    ['1 == 2 != 3 == 4', '(and (and (== 1 2) (!= 2 3)) (== 3 4))'],
    ['1 < f(2) + 1 <= 3', '(and (< 1 (+ (call f 2) 1)) (<= (+ (call f 2) 1) 3))'],
    ['+1', '1'],
    ['"a" + \'b\'', "(+ 'a' 'b')"],
    ["'abc", "'abc'"],
    ['[1, 2,]', '[1 2]'],
    ["get('$.a').b == 1", "(== (call get '$.a') 1)"],
    ['foo + 1', '(+ ERR 1)'],
    ['2. + 1', '(+ ERR 1)'],
    ['if (true) 1', '(if true 1 ERR)'],
    ['if (', '(if ERR ERR ERR)'],
    ['if(true, 1)', '(if() true 1 ERR)'],
    ['true ? 1', '(?: true 1 ERR)'],
    ['true ? 1 2 : 3', '(?: true 1 3)'],
    ["get('$.a') == 1 get('$.b') == 2", "(== (call get '$.a') 1)"],
    ['1 == not true', '(== 1 (not true))'],
    ['f(a)) + 1', '(+ (call f ERR) 1)'],
    [') 1', '1'],
    [')', 'ERR'],
    ['', 'ERR'],
  ])('%j -> %s', (source, expected) => {
    expect(sexpr(parse(source).ast)).toBe(expected);
  });

  it('puts an ErrorNode where the missing part goes, for completion', () => {
    const r = parse("get('$.a') and ");
    const node = r.ast!;
    if (node.kind !== 'logical') throw new Error('expected a logical node');
    expect(node.right).toMatchObject({ kind: 'error', span: { start: 15, end: 15 } });
    expect(node.span).toEqual({ start: 0, end: 15 });
    const call = parse('lenght(').ast!;
    expect(call).toMatchObject({ kind: 'call', name: 'lenght', nameSpan: { start: 0, end: 6 }, span: { start: 0, end: 7 } });
  });

  it('spans a bare name as the ErrorNode standing for it', () => {
    expect(parse('foo').ast).toMatchObject({ kind: 'error', span: { start: 0, end: 3 } });
  });

  it('gives ids 0..n-1 to a partial tree too', () => {
    const r = parse('f(1 2, , 3) + [');
    const ids: number[] = [];
    const collect = (n: unknown): void => {
      if (n && typeof n === 'object') {
        if ('id' in n && typeof (n as { id: unknown }).id === 'number') ids.push((n as { id: number }).id);
        for (const v of Object.values(n)) if (v && typeof v === 'object' && v !== (n as { span?: unknown }).span) collect(v);
      }
    };
    collect(r.ast);
    expect([...ids].sort((a, b) => a - b)).toEqual([...Array(r.nodeCount).keys()]);
  });
});

describe('every error of a source is reported, each once', () => {
  it('reports independent mistakes across the whole source', () => {
    expect(errors('1 = 2 and "x" == \'y\' or (3 < 4 < 5')).toEqual(['UF1004@2-3', 'UF1003@10-13', 'UF1005@31-32', 'UF1002@34-34']);
  });

  it('reports lexical and grammatical errors together, in source order', () => {
    expect(errors("foo(1,) + 2. + 'x")).toEqual(['UF1010@5-6', 'UF1014@10-12', 'UF1006@15-17']);
  });

  it('reports an error inside a discarded part', () => {
    expect(errors('1 ) 2 = 3')).toEqual(['UF1001@2-3', 'UF1004@6-7']);
  });

  it('reports one missing closer once, even where several rules notice it', () => {
    expect(errors('(1 +')).toEqual(['UF1002@4-4']);
    expect(errors('[f(1')).toEqual(['UF1002@4-4']);
    expect(errors('if (')).toEqual(['UF1002@4-4']);
  });

  it('reports each juxtaposed operand', () => {
    expect(errors('1 2 3')).toEqual(['UF1001@2-3', 'UF1001@4-5']);
  });

  it('reports bare names and method calls separately', () => {
    expect(errors('x.y()')).toEqual(['UF1015@0-1', 'UF1011@1-5']);
  });

  it('reports trailing commas and missing items', () => {
    expect(errors('[,]')).toEqual(['UF1001@1-2']);
    expect(errors('[1,,2]')).toEqual(['UF1001@3-4']);
    expect(errors('f(,1)')).toEqual(['UF1001@2-3']);
  });
});

describe("'===' and '!==' (Vectara's UDF examples write them)", () => {
  it('are read as == and != with a warning on the operator, not an error', () => {
    for (const [source, plain] of [
      ["get('$.document_metadata.category') === 'blog'", '=='],
      ["get('$.a') !== 'b'", '!='],
    ] as const) {
      const d = only(source);
      const at = source.indexOf(plain === '==' ? '===' : '!==');
      expect({ code: d.code, severity: d.severity, start: d.span.start, end: d.span.end }).toEqual({
        code: Codes.StrictEquality,
        severity: 'warning',
        start: at,
        end: at + 3,
      });
      expect(d.message).toContain(`'${plain}'`);
    }
  });

  it('keep a single = an error', () => {
    expect(only("get('$.a') = 'b'").code).toBe(Codes.AssignmentOperator);
    expect(errors('1 !=== 1')).not.toEqual([]);
  });
});
