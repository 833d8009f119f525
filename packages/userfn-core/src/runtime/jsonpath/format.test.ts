import { describe, expect, it } from 'vitest';
import { compilePath, formatNameSegment, JsonPathSyntaxError } from './index.js';

describe('formatNameSegment', () => {
  it.each<[string, string]>([
    ['name', '.name'],
    ['_x1', '._x1'],
    ['Tool_Calls', '.Tool_Calls'],
    ['a b', "['a b']"],
    ['tool-name', "['tool-name']"],
    ['1a', "['1a']"],
    ['', "['']"],
    ["it's", "['it\\'s']"],
    ['back\\slash', "['back\\\\slash']"],
    ['say "hi"', `['say "hi"']`],
    ['line\nbreak', "['line\\nbreak']"],
    ['\b\f\r\t', "['\\b\\f\\r\\t']"],
    ['\u0001\u001f', "['\\u0001\\u001f']"],
    ['\u007f', "['\u007f']"],
    ['café', "['café']"],
    ['☺', "['☺']"],
    ['😀', "['😀']"],
    ['$', "['$']"],
    ['a.b', "['a.b']"],
    ['true', '.true'],
  ])('%j -> %s', (name, expected) => {
    expect(formatNameSegment(name)).toBe(expected);
  });

  it('round-trips through the parser for every kind of name', () => {
    const names = [
      'name',
      'a b',
      "it's",
      'back\\slash',
      'q"q',
      'line\nbreak',
      '\u0000\u0001\u001f',
      'café',
      '😀x',
      '__proto__',
      'constructor',
      '',
      "'\\'",
      '[?@]',
      '..',
    ];
    for (const name of names) {
      const path = '$' + formatNameSegment(name) + formatNameSegment(name);
      const p = compilePath(path);
      expect(p.singular, path).toBe(true);
      const sel = p.segments[0]!.selectors[0]!;
      expect(sel.kind === 'name' && sel.name, path).toBe(name);
      const doc = JSON.parse(JSON.stringify({ [name]: { [name]: 42 } })) as unknown;
      expect(p.get(doc), path).toBe(42);
    }
  });

  it('escapes a lone surrogate, which RFC 9535 cannot express, so the path is rejected rather than misread', () => {
    const formatted = formatNameSegment('a\uD800b');
    expect(formatted).toBe("['a\\ud800b']");
    expect(() => compilePath('$' + formatted)).toThrow(JsonPathSyntaxError);
  });
});
