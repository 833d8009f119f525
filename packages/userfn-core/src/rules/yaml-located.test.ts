import { describe, expect, it } from 'vitest';
import type { Located } from './located.js';
import { parseYamlLocated } from './yaml-located.js';

/** The value under `key` of a YAML mapping. */
function entry(root: Located | undefined, key: string): Located {
  if (root?.kind !== 'object') throw new Error('not an object');
  return root.entries.find((e) => e.key === key)!.value;
}

describe('parseYamlLocated', () => {
  it('keeps spans and string styles', () => {
    const text = 'a: plain\nb: \'single\'\nc: "double"\nd: |\n  literal\ne: >\n  folded\nf: 2\n';
    const { root, problems } = parseYamlLocated(text);
    expect(problems).toEqual([]);
    expect(['a', 'b', 'c', 'd', 'e'].map((k) => (entry(root, k) as { style?: string }).style)).toEqual(['plain', 'single', 'double', 'literal', 'folded']);
    const f = entry(root, 'f');
    expect([f.kind === 'scalar' && f.value, text.slice(f.span!.start, f.span!.end)]).toEqual([2, '2']);
  });

  it('returns every error and warning with its span, and the document it recovered', () => {
    const { root, problems } = parseYamlLocated('a: !foo x\nb: [1\n');
    expect(problems.map((p) => p.severity).sort()).toEqual(['error', 'warning']);
    expect(entry(root, 'a')).toMatchObject({ kind: 'scalar', value: 'x' });
  });

  it('reads an alias as the last value anchored with its name before it, at the span of the alias', () => {
    const text = 'a: &x 1\nb: &x "s"\nc: *x\n';
    const c = entry(parseYamlLocated(text).root, 'c');
    expect(c).toEqual({ kind: 'scalar', value: 's', span: { start: text.indexOf('*x'), end: text.indexOf('*x') + 2 } });
  });

  it('converts each aliased value once: aliases of aliases do not expand exponentially', () => {
    const lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]'];
    for (let i = 1; i < 40; i++)
      lines.push(
        `a${i}: &a${i} [${Array(10)
          .fill(`*a${i - 1}`)
          .join(', ')}]`,
      );
    lines.push('rules: *a39');
    const rules = entry(parseYamlLocated(lines.join('\n')).root, 'rules');
    if (rules.kind !== 'array') throw new Error('not a list');
    expect(rules.items.length).toBe(10);
    // Converted once: every alias of a38 shares one converted list (each with its own span), where an
    // expansion would build 10^39 of them. (It was a 5 s wall-clock bound, which a loaded machine can miss.)
    const lists = rules.items.map((i) => (i.kind === 'array' ? i.items : undefined));
    expect(lists[0]).toBeDefined();
    expect(lists.every((l) => l === lists[0])).toBe(true);
  });

  it('an alias inside its own anchor is a value of another kind, not a loop', () => {
    const { root } = parseYamlLocated('a: &x [1, *x]\n');
    const a = entry(root, 'a');
    // the alias reads the list once more, in which the alias is the recursion
    if (a.kind !== 'array' || a.items[1]!.kind !== 'array') throw new Error('not a list in a list');
    expect(a.items[1]!.items.map((i) => i.kind)).toEqual(['scalar', 'other']);
  });
});
