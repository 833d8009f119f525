import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { internedName } from './intern.js';

describe('internedName', () => {
  it('gives the same text for any name, own-property lookalikes and index-like names included', () => {
    for (const name of ['', '__proto__', 'constructor', 'toString', '0', '007', '-1', 'a b', '🎉', 'x'.repeat(10_000)]) {
      expect(internedName(name)).toBe(name);
    }
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 20 }), (name) => internedName(name) === name),
      { seed: 3, numRuns: 2000 },
    );
  });

  // Only V8 itself can tell an interned string from an equal one: the built
  // parser runs in a child with V8's natives syntax. The control (a name
  // sliced from a text, as the parser does) shows the check can fail.
  it('gives the path parser interned names, so that member reads take the engine fast path', () => {
    const parser = fileURLToPath(new URL('../../../dist/runtime/jsonpath/parser.js', import.meta.url));
    const script = `
      import { parseQuery } from ${JSON.stringify(parser)};
      const segments = parseQuery("$.output['sections indexed'].tools..search[0][\\"x\\", 'y']");
      const names = segments.flatMap((s) => s.selectors).filter((s) => s.kind === 'name').map((s) => s.name);
      const control = '$.output'.slice(2);
      console.log(JSON.stringify({ names, interned: names.map((n) => %IsInternalizedString(n)), control: %IsInternalizedString(control) }));`;
    const r = spawnSync(process.execPath, ['--allow-natives-syntax', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as { names: string[]; interned: boolean[]; control: boolean };
    expect(out.names).toEqual(['output', 'sections indexed', 'tools', 'search', 'x', 'y']);
    expect(out.interned).toEqual(out.names.map(() => true));
    expect(out.control).toBe(false);
  });
});
