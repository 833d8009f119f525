import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { parseJsonTree, type JsonNode } from './json-tree.js';

function valueOf(n: JsonNode | undefined): unknown {
  if (!n) return undefined;
  switch (n.kind) {
    case 'object':
      return Object.fromEntries(n.members.map((m) => [m.key.value, valueOf(m.value)]));
    case 'array':
      return n.items.map(valueOf);
    default:
      return n.value;
  }
}

describe('parseJsonTree', () => {
  test('agrees with JSON.parse on any JSON value, with offsets that cover each node', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (v, pretty) => {
        const text = JSON.stringify(v, null, pretty ? 2 : undefined);
        const r = parseJsonTree(text);
        expect(r.error).toBeUndefined();
        expect(JSON.stringify(valueOf(r.root))).toBe(JSON.stringify(JSON.parse(text)));
        expect(r.root!.start).toBe(0);
        expect(r.root!.end).toBe(text.length);
      }),
    );
  });

  test('string nodes record their literal range', () => {
    const text = '{ "a" : "x\\"y" }';
    const r = parseJsonTree(text);
    const m = (r.root as Extract<JsonNode, { kind: 'object' }>).members[0]!;
    expect(text.slice(m.key.start, m.key.end)).toBe('"a"');
    expect(text.slice(m.value!.start, m.value!.end)).toBe('"x\\"y"');
  });

  test('stops at the first error and keeps what it read', () => {
    const r = parseJsonTree('{ "rules": [ { "id": "a" }, { "id": } ] }');
    expect(r.error?.message).toContain('expected a JSON value');
    expect(JSON.stringify(valueOf(r.root))).toBe('{"rules":[{"id":"a"},{}]}');
  });

  test('JSON errors by name: trailing commas, comments, single quotes, trailing text', () => {
    expect(parseJsonTree('[1,]').error?.message).toContain('trailing comma');
    expect(parseJsonTree('{"a":1,}').error?.message).toContain('trailing comma');
    expect(parseJsonTree('// c\n{}').error?.message).toContain('comments');
    expect(parseJsonTree("{'a': 1}").error?.message).toContain('double quotes');
    expect(parseJsonTree('{} x').error?.message).toContain('after the JSON value');
    expect(parseJsonTree('').error?.message).toContain('end of file');
  });

  test('deep nesting is an error, not a stack overflow', () => {
    const r = parseJsonTree('['.repeat(100_000));
    expect(r.error?.message).toContain('nested deeper');
  });
});
