import { describe, expect, it } from 'vitest';
import { parseJsonLocated } from './json-located.js';
import type { LocatedScalar, ParsedText } from './located.js';
import { rereadJsonString, scalarMap } from './scalar-map.js';
import { parseYamlLocated } from './yaml-located.js';

/** The scalar under the first key of a one-key document. */
function scalarOf(parsed: ParsedText): LocatedScalar & { value: string } {
  const root = parsed.root!;
  if (root.kind !== 'object') throw new Error('not an object');
  const v = root.entries[0]!.value;
  if (v.kind !== 'scalar' || typeof v.value !== 'string') throw new Error('not a string');
  return v as LocatedScalar & { value: string };
}

/** The map of the scalar under key `c`, and its file offset for each condition offset (its end included). */
function offsetsOf(text: string, parse: (t: string) => ParsedText) {
  const s = scalarOf(parse(text));
  const map = scalarMap(text, s.span!, s.style, s.value);
  return { s, map, offsets: Array.from({ length: s.value.length + 1 }, (_, i) => map.toDocument(i)) };
}

describe('scalarMap', () => {
  it('maps every character of a JSON string through its escapes', () => {
    const text = '{"c": "a\\"b\\\\c\\u0041\\n d"}';
    const { s, map, offsets } = offsetsOf(text, parseJsonLocated);
    expect(s.value).toBe('a"b\\cA\n d');
    expect(map.exact).toBe(true);
    // Each escape maps to its backslash; plain characters to themselves.
    expect(offsets.map((o) => text.slice(o, o + 2))).toEqual(['a\\', '\\"', 'b\\', '\\\\', 'c\\', '\\u', '\\n', ' d', 'd"', '"}']);
  });

  it('maps YAML double-quoted, single-quoted, plain and block scalars back to their characters', () => {
    for (const text of [
      'c: "x(\'a\') y"\n',
      "c: 'it''s ok'\n",
      'c: plain text\n',
      'c: |\n  line one\n    indented two\n\n  four\n',
      'c: >-\n  folded\n  text\n\n  para\n',
      'c: "two\n  lines"\n',
      'c: plain\n  continued\n',
    ]) {
      const { s, map, offsets } = offsetsOf(text, parseYamlLocated);
      expect([text, map.exact]).toEqual([text, true]);
      // Every character that is not white space maps to itself (white space may stand for a line break).
      expect([...s.value].map((ch, i) => (/\s/.test(ch) ? ch : text[offsets[i]!]!)).join('')).toBe(s.value);
    }
  });

  it('maps a character after a YAML \\x escape and an escaped line break', () => {
    const text = 'c: "\\x41B \\\n   C"\n';
    const { s, offsets } = offsetsOf(text, parseYamlLocated);
    expect(s.value).toBe('AB C');
    expect(text[offsets[1]!]).toBe('B');
    expect(text[offsets[3]!]).toBe('C');
  });

  it('falls back to the whole scalar where its text does not decode to the value: a style not modelled, an alias', () => {
    const indicator = 'c: |2\n    a\n';
    const { s, map } = offsetsOf(indicator, parseYamlLocated);
    expect(map.exact).toBe(false);
    expect(map.toDocumentSpan(0, 1)).toEqual(s.span);
    expect(map.toSource(s.span!.start + 1)).toBeUndefined();

    const alias = 'a: &x "true"\nc: *x\n';
    const root = parseYamlLocated(alias).root!;
    if (root.kind !== 'object') throw new Error('not an object');
    const c = root.entries[1]!.value as LocatedScalar & { value: string };
    expect([c.value, c.style, alias.slice(c.span!.start, c.span!.end)]).toEqual(['true', undefined, '*x']);
    expect(scalarMap(alias, c.span!, c.style, c.value).exact).toBe(false);
  });
});

describe('rereadJsonString', () => {
  const text = String.raw`{"c": "get('$.a') == \"x\\\" and 1 < 2"}`;
  const span = { start: text.indexOf('"get'), end: text.lastIndexOf('"') + 1 };

  it('reads a JSON string again, with the same value and map as a full read', () => {
    const again = rereadJsonString(text, span)!;
    const full = offsetsOf(text, parseJsonLocated);
    expect(again.value).toBe(full.s.value);
    expect(Array.from({ length: again.value.length + 1 }, (_, i) => again.map.toDocument(i))).toEqual(full.offsets);
  });

  it('refuses a span that is no longer exactly one string', () => {
    expect(rereadJsonString(text, { start: span.start, end: span.end - 1 })).toBeUndefined(); // the string ends later
    expect(rereadJsonString(text, { start: span.start + 1, end: span.end })).toBeUndefined(); // not at a quote
    const closedEarly = text.replace('\\"x', '"x');
    expect(rereadJsonString(closedEarly, { start: span.start, end: span.end - 1 })).toBeUndefined(); // the edit closed the string
    expect(rereadJsonString('{"c": "a\u0001b"}', { start: 6, end: 11 })).toBeUndefined(); // a raw control character
  });
});
