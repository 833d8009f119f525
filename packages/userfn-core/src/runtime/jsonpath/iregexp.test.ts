import { describe, expect, it } from 'vitest';
import { compilePath } from './index.js';
import { compileIRegexp, iRegexpMatches, iRegexpSearches, translateIRegexp } from './iregexp.js';

function matches(pattern: string, input: string): boolean {
  const re = compileIRegexp(pattern);
  if (re === null) throw new Error(`invalid pattern ${pattern}`);
  return iRegexpMatches(re, input);
}

function searches(pattern: string, input: string): boolean {
  const re = compileIRegexp(pattern);
  if (re === null) throw new Error(`invalid pattern ${pattern}`);
  return iRegexpSearches(re, input);
}

describe('I-Regexp validity', () => {
  it.each([
    'abc',
    'a|b',
    '(a|b)*c',
    'a{2}',
    'a{2,}',
    'a{2,5}',
    '[a-z]',
    '[^a-z]',
    '[-a]',
    '[a-]',
    '[-]',
    '\\p{Lu}',
    '\\P{Nd}',
    '[\\p{L}\\d]'.replace('\\d', '0-9'),
    '\\.',
    '\\\\',
    '\\n\\r\\t',
    '\\(\\)\\*\\+\\?\\[\\]\\{\\}\\|\\^\\-',
    '[\\]]',
    '[\\-]',
    '.',
    '',
    '()',
    '😀+',
    '^ab$',
    '[\\n-\\r]',
    '\\p{Cn}',
  ])('accepts %j', (p) => {
    expect(translateIRegexp(p)).not.toBeNull();
    expect(compileIRegexp(p)).not.toBeNull();
  });

  it.each([
    '(',
    ')',
    'a)',
    '(a',
    '*a',
    'a**',
    'a*?',
    'a+*',
    '|*',
    '{2}',
    'a{',
    'a{2',
    'a{,2}',
    'a{3,2}',
    'a{x}',
    '[',
    '[]',
    '[^]',
    '[a',
    ']',
    '}',
    '[a-b-c]',
    '[--a]',
    '[z-a]',
    '[[]',
    '\\d',
    '\\w',
    '\\s',
    '\\b',
    '\\x41',
    '\\u0041',
    '\\1',
    '\\p{Xx}',
    '\\p{Lx}',
    '\\p{Cs}',
    '\\pL',
    '\\p{L',
    '(?:a)',
    '(?i)a',
    'a\uD800',
    '\uDC00',
    'a{1001}',
  ])('rejects %j', (p) => {
    expect(compileIRegexp(p)).toBeNull();
  });
});

describe('I-Regexp semantics', () => {
  it('matches "." against any character but \\n and \\r, including astral ones', () => {
    expect(matches('.', 'x')).toBe(true);
    expect(matches('.', '\u2028')).toBe(true);
    expect(matches('.', '😀')).toBe(true);
    expect(matches('.', '\n')).toBe(false);
    expect(matches('.', '\r')).toBe(false);
    expect(matches('[^a]', '\n')).toBe(true);
  });

  it('anchors match to the whole string and leaves search unanchored', () => {
    expect(matches('b', 'abc')).toBe(false);
    expect(searches('b', 'abc')).toBe(true);
    expect(matches('a|ab', 'ab')).toBe(true);
    expect(matches('ab*', 'abbb')).toBe(true);
    expect(searches('^b', 'ab')).toBe(false);
    expect(searches('a$', 'ab')).toBe(false);
    expect(searches('b$', 'ab')).toBe(true);
  });

  it('reads metacharacters literally only when escaped', () => {
    expect(matches('a\\.c', 'a.c')).toBe(true);
    expect(matches('a\\.c', 'abc')).toBe(false);
    expect(matches('a[.]c', 'abc')).toBe(false);
    expect(matches('\\$\\^', '$^')).toBe(true);
    expect(matches('[$^]+', '$^')).toBe(true);
  });

  it('supports Unicode categories and ranges over code points', () => {
    expect(matches('\\p{Lu}+', 'ЖA')).toBe(true);
    expect(matches('\\P{Lu}', 'ж')).toBe(true);
    expect(matches('[😀-😂]', '😁')).toBe(true);
    expect(matches('a{2,3}', 'aaaa')).toBe(false);
  });

  it('treats a non-string argument or an invalid pattern as false in filters', () => {
    const doc = { values: ['abc', 1, null], re: 'a(' };
    expect(compilePath('$.values[?match(@, $.re)]').select(doc)).toEqual([]);
    expect(compilePath('$.values[?!match(@, $.re)]').select(doc)).toEqual(['abc', 1, null]);
    expect(compilePath("$.values[?match(@, 'a(')]").select(doc)).toEqual([]);
    expect(compilePath('$.values[?search(@, 1)]').select(doc)).toEqual([]);
    expect(compilePath("$.values[?search(@, 'b')]").select(doc)).toEqual(['abc']);
  });

  it('compiles patterns read from the document once per distinct pattern and still answers each correctly', () => {
    const doc = { items: Array.from({ length: 600 }, (_, i) => ({ s: `item${i}`, re: `item${i % 300}` })) };
    const hits = compilePath('$.items[?match(@.s, @.re)]').select(doc);
    expect(hits).toHaveLength(300);
  });
});
