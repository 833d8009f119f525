import { describe, expect, it } from 'vitest';
import { tokenize } from './index.js';

/** `kind:image` of every token. */
function kinds(source: string): string[] {
  return tokenize(source).map((t) => `${t.kind}:${t.image}`);
}

describe('tokenize', () => {
  it('classifies every token, comments included, in order', () => {
    expect(kinds("// check\nget('$.a') >= 0.8 and not called('x') /* ok */")).toEqual([
      'comment:// check',
      'function:get',
      'punctuation:(',
      "string:'$.a'",
      'punctuation:)',
      'operator:>=',
      'number:0.8',
      'keyword:and',
      'keyword:not',
      'function:called',
      'punctuation:(',
      "string:'x'",
      'punctuation:)',
      'comment:/* ok */',
    ]);
  });

  it('gives half-open UTF-16 spans', () => {
    const tokens = tokenize("'🎉' + x");
    expect(tokens.map((t) => t.span)).toEqual([
      { start: 0, end: 4 },
      { start: 5, end: 6 },
      { start: 7, end: 8 },
    ]);
  });

  it('tells a function name from a bare name, looking past comments', () => {
    expect(kinds('f /* c */ (1) + g')).toEqual(['function:f', 'comment:/* c */', 'punctuation:(', 'number:1', 'punctuation:)', 'operator:+', 'identifier:g']);
  });

  it('reads keywords case-insensitively, but not inside longer names', () => {
    expect(kinds('IF True tHeN Null ELSE iffy android(')).toEqual([
      'keyword:IF',
      'keyword:True',
      'keyword:tHeN',
      'keyword:Null',
      'keyword:ELSE',
      'identifier:iffy',
      'function:android',
      'punctuation:(',
    ]);
  });

  it('keeps every operator spelling, longest first', () => {
    expect(kinds('=== == = != <> <= < >= > && || ! ? : - + * / %').map((k) => k.split(':')[0])).toEqual(Array(19).fill('operator'));
    expect(kinds('a<>b').slice(1, 2)).toEqual(['operator:<>']);
    expect(kinds('1===2')).toEqual(['number:1', 'operator:===', 'number:2']);
  });

  it('reads numbers, including the malformed ones as one token', () => {
    expect(kinds('2 2.45 .5 1e3 1.5E-3 1e+3 007 2. 1e 0x1F 10px')).toEqual(
      ['2', '2.45', '.5', '1e3', '1.5E-3', '1e+3', '007', '2.', '1e', '0x1F', '10px'].map((n) => `number:${n}`),
    );
    // a name after the point is member access, not a number
    expect(kinds('2.x')).toEqual(['number:2', 'punctuation:.', 'identifier:x']);
    expect(kinds('1.5.5')).toEqual(['number:1.5', 'number:.5']);
  });

  it('reads strings: doubled quotes, backslashes, line breaks, the wrong quotes, no end', () => {
    expect(kinds("'it''s' '\\d+' 'a\nb'")).toEqual(["string:'it''s'", "string:'\\d+'", "string:'a\nb'"]);
    expect(kinds('"dq" \'x')).toEqual(['string:"dq"', "string:'x"]);
  });

  it('reads comments: block comments do not nest, an unclosed one runs to the end', () => {
    expect(kinds('/* a /* b */ 1 */')).toEqual(['comment:/* a /* b */', 'number:1', 'operator:*', 'operator:/']);
    expect(kinds('1 /* open')).toEqual(['number:1', 'comment:/* open']);
    expect(kinds('1 // to the end\r\n2')).toEqual(['number:1', 'comment:// to the end', 'number:2']);
  });

  it('marks characters that are not part of any token', () => {
    expect(kinds('1 € 2 # 🎉')).toEqual(['number:1', 'invalid:€', 'number:2', 'invalid:#', 'invalid:🎉']);
  });

  it('returns nothing for an empty source', () => {
    expect(tokenize('')).toEqual([]);
    expect(tokenize(' \n\t ')).toEqual([]);
  });
});
