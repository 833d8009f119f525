import { describe, expect, it } from 'vitest';
import { parseJsonLocated } from './json-located.js';
import type { Located, LocatedScalar } from './located.js';
import { scalarOffsets } from './scalar-offsets.js';
import { parseYamlLocated } from './yaml-located.js';

/** The scalar under key `c` of a one-key document. */
function scalarOf(doc: { value: Located } | object): LocatedScalar {
  const root = (doc as { value: Located }).value;
  if (root.kind !== 'object') throw new Error('not an object');
  const v = root.entries[0]!.value;
  if (v.kind !== 'scalar') throw new Error('not a scalar');
  return v;
}

/** For each decoded character, the raw character it maps to (white space may map to its neighbour). */
function mapped(text: string, parse: (t: string) => object): string[] {
  const s = scalarOf(parse(text));
  const value = s.value as string;
  const offsets = scalarOffsets(text, s.span!, s.style!, value);
  return [...value].map((ch, i) => (/\s/.test(ch) ? ch : text[offsets[i]!]!));
}

describe('scalarOffsets', () => {
  it('maps every character of a JSON string through its escapes', () => {
    const text = '{"c": "a\\"b\\\\c\\u0041\\n d"}';
    const s = scalarOf(parseJsonLocated(text));
    expect(s.value).toBe('a"b\\cA\n d');
    const offsets = scalarOffsets(text, s.span!, s.style!, s.value as string);
    // Each escape maps to its backslash; plain characters to themselves.
    expect(offsets.map((o) => text.slice(o, o + 2))).toEqual(['a\\', '\\"', 'b\\', '\\\\', 'c\\', '\\u', '\\n', ' d', 'd"', '"}']);
  });

  it('maps YAML double-quoted, single-quoted, plain and block scalars back to their characters', () => {
    const same = (text: string) => {
      const m = mapped(text, parseYamlLocated);
      const s = scalarOf(parseYamlLocated(text));
      expect(m.join('')).toBe(s.value);
    };
    same('c: "x(\'a\') y"\n');
    same("c: 'it''s ok'\n");
    same('c: plain text\n');
    same('c: |\n  line one\n    indented two\n\n  four\n');
    same('c: >-\n  folded\n  text\n\n  para\n');
    same('c: "two\n  lines"\n');
    same('c: plain\n  continued\n');
  });

  it('maps a character after a YAML \\x escape and an escaped line break', () => {
    const text = 'c: "\\x41B \\\n   C"\n';
    const s = scalarOf(parseYamlLocated(text));
    expect(s.value).toBe('AB C');
    const offsets = scalarOffsets(text, s.span!, s.style!, s.value as string);
    expect(text[offsets[1]!]).toBe('B');
    expect(text[offsets[3]!]).toBe('C');
  });
});

describe('parseJsonLocated', () => {
  it('keeps the span of every value and key, and repeated keys', () => {
    const text = '\uFEFF{"a": [1, -2.5e3, true, null], "a": "x"}';
    const r = parseJsonLocated(text);
    expect('value' in r).toBe(true);
    const root = (r as { value: Located }).value;
    expect(root).toMatchObject({ kind: 'object', span: { start: 1, end: text.length } });
    if (root.kind !== 'object') return;
    expect(root.entries.map((e) => [e.key, e.keySpan])).toEqual([
      ['a', { start: 2, end: 5 }],
      ['a', { start: text.lastIndexOf('"a"'), end: text.lastIndexOf('"a"') + 3 }],
    ]);
    expect(root.entries[0]!.value).toMatchObject({ kind: 'array', items: [{ value: 1 }, { value: -2500 }, { value: true }, { value: null }] });
  });

  it('rejects what JSON.parse rejects, at the offending offset', () => {
    for (const [text, offset] of [
      ['{"a":}', 5],
      ['[1,]', 3],
      ['{"a" 1}', 5],
      ["{'a':1}", 1],
      ['[01]', 2],
      ['"a\tb"', 2],
      ['"\\x"', 1],
      ['[1] 2', 4],
      ['', 0],
      ['{"a":1', 6],
      ['"abc', 0],
    ] as const) {
      expect(() => JSON.parse(text)).toThrow();
      const r = parseJsonLocated(text);
      expect([text, 'error' in r ? r.error.offset : 'parsed']).toEqual([text, offset]);
    }
  });

  it('gives the same values as JSON.parse', () => {
    const text = '{"s": "\\ud83d\\ude00 \\/ \\b", "n": [0, 1e-7, -0.5, 12345678901234567890], "o": {"": {}}}';
    const toPlain = (v: Located): unknown =>
      v.kind === 'object' ? Object.fromEntries(v.entries.map((e) => [e.key, toPlain(e.value)])) : v.kind === 'array' ? v.items.map(toPlain) : v.kind === 'scalar' ? v.value : undefined;
    expect(toPlain((parseJsonLocated(text) as { value: Located }).value)).toEqual(JSON.parse(text));
  });
});
