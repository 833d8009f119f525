import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { isMap, isScalar, parseDocument, Scalar, stringify, type Node } from 'yaml';
import { decodeYamlScalar, type YamlScalarStyle } from './yaml-scalar.js';

/** Our style of each of the yaml library's scalar types. */
const STYLE_OF: Readonly<Record<string, YamlScalarStyle>> = {
  PLAIN: 'plain',
  QUOTE_SINGLE: 'single',
  QUOTE_DOUBLE: 'double',
  BLOCK_LITERAL: 'literal',
  BLOCK_FOLDED: 'folded',
};

/** Parses `k: <scalar>` text and decodes the scalar with our decoder. */
function decodeValue(yamlText: string): { yamlValue: unknown; ours: ReturnType<typeof decodeYamlScalar>; style: string; text: string; errors: number } {
  const doc = parseDocument(yamlText);
  if (doc.errors.length > 0) return { yamlValue: undefined, ours: undefined, style: '', text: yamlText, errors: doc.errors.length };
  const root = doc.contents as Node;
  if (!isMap(root)) throw new Error('not a map');
  const node = root.items[0]!.value as Scalar;
  if (!isScalar(node)) throw new Error('not a scalar');
  const style = STYLE_OF[node.type ?? 'PLAIN']!;
  return { yamlValue: node.value, ours: decodeYamlScalar(yamlText, node.range![0], node.range![1], style), style, text: yamlText, errors: doc.errors.length };
}

const STYLES = ['PLAIN', 'QUOTE_SINGLE', 'QUOTE_DOUBLE', 'BLOCK_LITERAL', 'BLOCK_FOLDED'] as const;

describe('decodeYamlScalar', () => {
  test.each([
    ['plain', "k: get('$.a') != null\n", "get('$.a') != null"],
    ['plain over lines', 'k: a\n  b\n\n  c\n', 'a b\nc'],
    ['single-quoted', "k: 'get(''$.a'') == 1'\n", "get('$.a') == 1"],
    ['single-quoted over lines', "k: 'a  \n   b'\n", 'a b'],
    ['double-quoted escapes', 'k: "a\\"b\\\\c\\u0041\\x42\\n\\t"\n', 'a"b\\cAB\n\t'],
    ['double-quoted escaped line break', 'k: "ab\\\n   cd"\n', 'abcd'],
    ['literal block', 'k: |\n  a\n    b\n\n  c\n', 'a\n  b\n\nc\n'],
    ['literal block, strip', 'k: |-\n  a\n  b\n\n', 'a\nb'],
    ['literal block, keep', 'k: |+\n  a\n\n', 'a\n\n'],
    ['folded block', 'k: >\n  a\n  b\n\n  c\n    d\n  e\n', 'a b\nc\n  d\ne\n'],
    ['folded block, strip', 'k: >-\n  a\n  b\n', 'a b'],
  ])('%s', (_name, text, value) => {
    const r = decodeValue(text);
    expect(r.yamlValue).toBe(value);
    expect(r.ours?.value).toBe(value);
  });

  test('offsets: each plain character maps to itself', () => {
    const text = "k: 'it''s'\n";
    const r = decodeValue(text);
    expect(r.ours!.value).toBe("it's");
    expect(r.ours!.starts).toEqual([4, 5, 6, 8, 9]);
  });

  test('block scalars map each content character to its line', () => {
    const text = 'k: |\n  ab\n  cd\n';
    const r = decodeValue(text)!;
    expect(r.ours!.starts.slice(0, 5).map((o) => text[o])).toEqual(['a', 'b', '\n', 'c', 'd']);
  });

  test('an explicit indentation indicator is not modelled: undefined, never a wrong map', () => {
    expect(decodeValue('k: |2\n    a\n').ours).toBeUndefined();
  });

  test('agrees with the yaml library on generated strings in every style (or declines)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', ' ', "'", '"', '\\', '\n', '#', ':', '-', 'é', '\t') }),
        fc.constantFrom(...STYLES),
        (s, style) => {
          const scalar = new Scalar(s);
          scalar.type = style;
          const text = stringify({ k: scalar }, { lineWidth: 20, minContentWidth: 5 });
          const r = decodeValue(text);
          // (the library's stringify can emit YAML its parser rejects: nothing to compare then)
          if (r.errors === 0 && r.ours !== undefined) {
            expect(r.ours.value).toBe(r.yamlValue);
            expect(r.ours.starts.length).toBe(r.ours.value.length + 1);
            for (let i = 1; i < r.ours.starts.length; i++) expect(r.ours.starts[i]!).toBeGreaterThanOrEqual(r.ours.starts[i - 1]!);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
