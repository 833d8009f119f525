import { describe, expect, it } from 'vitest';
import { compilePath, JsonPathSyntaxError, MAX_FILTER_NESTING, tryCompilePath, type JsonPathError } from './index.js';

/** The error for a path that must be invalid. */
function errorOf(path: string): JsonPathError {
  const r = tryCompilePath(path);
  if (r.ok) throw new Error(`expected ${JSON.stringify(path)} to be invalid`);
  return r.error;
}

/** The text the error points at. */
function blamed(path: string): string {
  const e = errorOf(path);
  return path.slice(e.offset, e.offset + e.length);
}

describe('error offsets', () => {
  it.each<[string, number, number]>([
    ['$.a[', 4, 0],
    ['$.a..', 5, 0],
    ['$.a.', 4, 0],
    ['$..', 3, 0],
    ['$[', 2, 0],
    ['$[0', 3, 0],
    ['$[?@.a', 6, 0],
    ['$[?(@.a', 7, 0],
    ['$[?length(@.a', 13, 0],
    ['', 0, 0],
    [' $', 0, 1],
    ['$ ', 1, 1],
    ['$.a \n', 3, 2],
    ['a.b', 0, 1],
    ['$[0 2]', 4, 1],
    ['$.a]', 3, 1],
    ['$. a', 2, 1],
    ['$.1', 2, 1],
    ['$[]', 2, 1],
    ['$[0,]', 4, 1],
  ])('%j fails at offset %i, length %i', (path, offset, length) => {
    const e = errorOf(path);
    expect({ offset: e.offset, length: e.length }).toEqual({ offset, length });
  });

  it.each<[string, string]>([
    ["$['abc", "'abc"],
    ['$[01]', '01'],
    ['$[-0]', '-0'],
    ['$[9007199254740992]', '9007199254740992'],
    ['$[1:9007199254740992]', '9007199254740992'],
    ['$["a\\qb"]', '\\q'],
    ['$["\\uD800"]', '\\uD800'],
    ['$["x\\u12"]', '\\u12"]'],
    ['$[?@.a == 1 && foo(@)]', 'foo'],
    ['$[?length(@.*) > 1]', '@.*'],
    ["$[?match(@.a, 'x') == true]", "match(@.a, 'x')"],
    ['$[?@.* == 1]', '@.*'],
    ['$[?1 == @..a]', '@..a'],
    ['$[?count(1) > 0]', '1'],
    ['$[?count(@.a, @.b) > 0]', 'count(@.a, @.b)'],
    ['$[?length(@)]', 'length(@)'],
    ['$[?@.a && true]', 'true'],
    ['$[?@.a == True]', 'True'],
    ['$[?@.a == 01]', '01'],
    ['$[?@.a = 1]', '='],
    ['$[?!@.a == 1]', '!@.a '],
    ['$[@.a]', '@'],
  ])('%j blames %j', (path, text) => {
    expect(blamed(path)).toBe(text);
  });

  it('names the bracketed form when a shorthand name runs into a character names cannot hold', () => {
    expect(errorOf('$.tools.web-search.outputs.latest').message).toBe(
      "unexpected '-': expected '.', '..' or '[' to start a segment; a member name with '-' is written in brackets: ['web-search']",
    );
    expect(errorOf("$.session.metadata.user:it's").message).toContain("written in brackets: ['user:it\\'s']");
    // the suggestion is a valid path that reads the member
    expect(compilePath("$.tools['web-search'].outputs").source).toBe("$.tools['web-search'].outputs");
    // no suggestion where the character does not belong to a name
    expect(errorOf('$.a]').message).not.toContain('brackets');
    expect(errorOf('$[0]-x').message).not.toContain('brackets');
  });

  it('keeps every offset and length inside the path', () => {
    const paths = ['$[', '$["', "$['\\", '$[?', '$[?(', '$[?@.a==', '$[?f(', '$[1:', '$[::', '$..', '$.', '$[?@[?@[', '$["\\u"]'];
    for (const p of paths) {
      const e = errorOf(p);
      expect(e.offset, p).toBeGreaterThanOrEqual(0);
      expect(e.offset + e.length, p).toBeLessThanOrEqual(p.length);
      expect(e.message.length, p).toBeGreaterThan(0);
    }
  });
});

describe('compilePath and tryCompilePath', () => {
  it('compilePath throws a JsonPathSyntaxError carrying the same data tryCompilePath returns', () => {
    const path = '$.a[';
    let thrown: unknown;
    try {
      compilePath(path);
    } catch (e) {
      thrown = e;
    }
    expect(thrown).toBeInstanceOf(JsonPathSyntaxError);
    expect(thrown).toBeInstanceOf(Error);
    const err = thrown as JsonPathSyntaxError;
    expect(err.name).toBe('JsonPathSyntaxError');
    expect({ message: err.message, offset: err.offset, length: err.length }).toEqual(errorOf(path));
  });

  it('tryCompilePath returns the compiled path for a valid query', () => {
    const r = tryCompilePath('$.a');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.path.get({ a: 1 })).toBe(1);
  });

  it('rejects a non-string path with a syntax error rather than a TypeError', () => {
    expect(() => compilePath(42 as unknown as string)).toThrow(JsonPathSyntaxError);
  });
});

describe('filter nesting cap', () => {
  /** A filter with `depth` levels: the filter selector itself plus depth - 1 parentheses. */
  const nested = (depth: number): string => `$[?${'('.repeat(depth - 1)}@.a${')'.repeat(depth - 1)}]`;

  it(`accepts ${MAX_FILTER_NESTING} levels and rejects one more, pointing at the opening that is too deep`, () => {
    expect(compilePath(nested(MAX_FILTER_NESTING)).select([{ a: 1 }, {}])).toEqual([{ a: 1 }]);
    const e = errorOf(nested(MAX_FILTER_NESTING + 1));
    expect(e.message).toMatch(/nested too deeply/);
    expect(e.offset).toBe(3 + MAX_FILTER_NESTING - 1);
    expect(e.length).toBe(1);
  });

  it('counts nested filter selectors and function calls too', () => {
    expect(errorOf(`$${'[?@'.repeat(MAX_FILTER_NESTING + 1)}${']'.repeat(MAX_FILTER_NESTING + 1)}`).message).toMatch(/nested too deeply/);
    const calls = `$[?${'length(value('.repeat(40)}@.a${'))'.repeat(40)} == 1]`;
    expect(errorOf(calls).message).toMatch(/nested too deeply/);
  });
});
