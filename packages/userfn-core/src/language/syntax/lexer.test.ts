import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scan } from './lexer.js';
import { describeTokens, referenceLexer } from '../../../test/support/syntax/reference-lexer.js';

const reference = referenceLexer();

/** The tokens of the reference lexer (Chevrotain's, from the definitions in tokens.ts). */
function expected(source: string): string[] {
  const { tokens, errors } = reference.tokenize(source);
  // InvalidChar matches any character: the reference never fails
  expect(errors).toEqual([]);
  return describeTokens(tokens);
}

/** Characters and fragments where lexers go wrong: prefixes of longer tokens, case, quotes, comments, every kind of space, surrogates. */
const piece = fc.oneof(
  fc.constantFrom(
    'if',
    'IF',
    'iF',
    'iffy',
    'in',
    'int',
    'In2',
    'then',
    'THEN',
    'else',
    'and',
    'AND',
    'or',
    'not',
    'nOt_',
    'true',
    'TRUE',
    'trueish',
    'false',
    'FALSE',
    'False',
    'Falsey',
    'null',
    'NULL',
    'get',
    '_x',
    'a1',
    'Z',
    '=',
    '==',
    '===',
    '!',
    '!=',
    '<',
    '<=',
    '<>',
    '>',
    '>=',
    '&',
    '&&',
    '|',
    '||',
    '+',
    '-',
    '*',
    '/',
    '%',
    '(',
    ')',
    '[',
    ']',
    ',',
    '?',
    ':',
    '.',
    '..',
    '0',
    '1',
    '2.',
    '2.5',
    '.5',
    '1e',
    '1e+',
    '1e-3',
    '1E3',
    '2.e5',
    '2.x',
    '0x1F',
    '1_000',
    '10px',
    '007',
    "'",
    "''",
    "'s'",
    "'it''s'",
    "'open",
    '"',
    '"dq"',
    '"open',
    '//',
    '// c\n',
    '/*',
    '*/',
    '/* c */',
    '/* open',
    ' ',
    '\t',
    '\n',
    '\r',
    '\v',
    '\f',
    '\u00a0',
    '\u1680',
    '\u2000',
    '\u200a',
    '\u200b',
    '\u2028',
    '\u2029',
    '\u202f',
    '\u205f',
    '\u3000',
    '\ufeff',
    '\u180e',
    '\u0085',
    '€',
    'é',
    'İ',
    'ſ',
    '\u212a',
    '🎉',
    '\ud83c',
    '\udf89',
    '$',
    '#',
    ';',
    '`',
    '{',
    '}',
    '\\',
    '@',
    '^',
    '~',
    '\u0000',
  ),
  fc.string({ maxLength: 3 }),
  fc.string({ unit: 'binary', maxLength: 2 }),
);

describe('the lexer makes exactly the tokens of the token definitions', () => {
  it('on random sources glued from tricky pieces', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 30 }), (pieces) => {
        const source = pieces.join('');
        expect(describeTokens(scan(source))).toEqual(expected(source));
      }),
      { seed: 11, numRuns: 3000 },
    );
  });

  it.each([
    ["get('$.output.confidence') >= 0.8 and called('lookup_account')"],
    ["if (get('$.part_metadata.lang') == 'fra') get('$.score') * 1.6 else get('$.score')"],
    ['IF True tHeN Null ELSE FALSE iffy android( in2 _ _1'],
    ["'it''s' \"dq\" 'open"],
    ['1e+ 2. .5 1.5E-3 0x1F 10px 2.x ..5'],
    ['a===b==c=d!=e!f<>g<=h<i>=j>k&&l||m&n|o'],
    ['/* c */ // line\r\n/* open'],
    ['\u00a0\u2028x\u3000\ufeff\u180e\u0085y'],
    ['🎉\ud83c x \udf89'],
    [''],
  ])('%j', (source) => {
    expect(describeTokens(scan(source))).toEqual(expected(source));
  });

  it('gives each token its type, offset and text', () => {
    expect(describeTokens(scan("get('$.a') >= .5 // c"))).toEqual([
      'Identifier@0:"get"',
      'LParen@3:"("',
      'StringLit@4:"\'$.a\'"',
      'RParen@9:")"',
      'GreaterEqual@11:">="',
      'NumberLit@14:".5"',
      'LineComment@17:"// c"',
    ]);
  });
});
