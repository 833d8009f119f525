import fc from 'fast-check';
import { describe, expect, it, test } from 'vitest';
import { parseJsonLocated } from './json-located.js';
import type { Located } from './located.js';

/** The plain value of a located tree (undefined where nothing was read). */
function valueOf(n: Located | undefined): unknown {
  if (!n) return undefined;
  switch (n.kind) {
    case 'object':
      return Object.fromEntries(n.entries.map((e) => [e.key, valueOf(e.value)]));
    case 'array':
      return n.items.map(valueOf);
    case 'scalar':
      return n.value;
    default:
      return undefined;
  }
}

const errorOf = (text: string) => parseJsonLocated(text).problems[0];

describe('parseJsonLocated', () => {
  it('keeps the span of every value and key, and repeated keys', () => {
    const text = '\uFEFF{"a": [1, -2.5e3, true, null], "a": "x"}';
    const r = parseJsonLocated(text);
    expect(r.problems).toEqual([]);
    const root = r.root!;
    expect(root).toMatchObject({ kind: 'object', span: { start: 1, end: text.length } });
    if (root.kind !== 'object') return;
    expect(root.entries.map((e) => [e.key, e.keySpan])).toEqual([
      ['a', { start: 2, end: 5 }],
      ['a', { start: text.lastIndexOf('"a"'), end: text.lastIndexOf('"a"') + 3 }],
    ]);
    expect(root.entries[0]!.value).toMatchObject({ kind: 'array', items: [{ value: 1 }, { value: -2500 }, { value: true }, { value: null }] });
    expect(root.entries[1]!.value).toMatchObject({ kind: 'scalar', value: 'x', style: 'json' });
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
      ['[-]', 1],
    ] as const) {
      expect(() => JSON.parse(text)).toThrow();
      const e = errorOf(text);
      expect([text, e ? e.span.start : 'parsed']).toEqual([text, offset]);
    }
  });

  it('gives the same values as JSON.parse', () => {
    const text = '{"s": "\\ud83d\\ude00 \\/ \\b", "n": [0, 1e-7, -0.5, 12345678901234567890], "o": {"": {}}}';
    expect(valueOf(parseJsonLocated(text).root)).toEqual(JSON.parse(text));
  });

  test('agrees with JSON.parse on any JSON value, with spans that cover each value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        const r = parseJsonLocated(text);
        expect(r.problems).toEqual([]);
        expect(JSON.stringify(valueOf(r.root))).toBe(JSON.stringify(JSON.parse(text)));
        expect(r.root!.span).toEqual({ start: 0, end: text.length });
      }),
    );
  });

  test('string values record their literal span', () => {
    const text = '{ "a" : "x\\"y" }';
    const root = parseJsonLocated(text).root!;
    if (root.kind !== 'object') throw new Error('not an object');
    const e = root.entries[0]!;
    expect(text.slice(e.keySpan!.start, e.keySpan!.end)).toBe('"a"');
    expect(text.slice(e.value.span!.start, e.value.span!.end)).toBe('"x\\"y"');
  });

  test('stops at the first error and keeps what it read, its unfinished parts marked incomplete', () => {
    const r = parseJsonLocated('{ "rules": [ { "id": "a" }, { "id": } ] }');
    expect(r.problems.map((p) => p.message)).toEqual(["expected a JSON value, found '}'"]);
    expect(JSON.stringify(valueOf(r.root))).toBe('{"rules":[{"id":"a"},{}]}');
    const root = r.root!;
    if (root.kind !== 'object') throw new Error('not an object');
    const rules = root.entries[0]!.value;
    if (rules.kind !== 'array') throw new Error('not a list');
    expect([root.incomplete, rules.incomplete, rules.items.map((i) => i.kind === 'object' && i.incomplete)]).toEqual([true, true, [undefined, true]]);
  });

  test('JSON errors by name: trailing commas, comments, single quotes, trailing text', () => {
    expect(errorOf('[1,]')?.message).toContain('trailing comma');
    expect(errorOf('{"a":1,}')?.message).toContain('trailing comma');
    expect(errorOf('// c\n{}')?.message).toContain('comments');
    expect(errorOf("{'a': 1}")?.message).toContain('double quotes');
    expect(errorOf('{} x')?.message).toContain('after the JSON value');
    expect(errorOf('')?.message).toContain('end of file');
  });

  test('deep nesting is an error, not a stack overflow', () => {
    expect(errorOf('['.repeat(100_000))?.message).toContain('nested deeper');
  });
});
