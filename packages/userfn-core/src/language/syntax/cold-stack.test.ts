import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PARSER_NESTING_CAP } from './limits-guard.js';

/**
 * The parser's cap must hold from cold code: in a fresh process, before the
 * JIT has shrunk the parser's frames, every construct nested PARSER_NESTING_CAP
 * levels deep parses (a value, not a limit error), so whether a source parses
 * never depends on how warm the process is. Runs the built core in a child.
 */
describe('the parser nesting cap, in a fresh process', () => {
  it(`parses every construct ${PARSER_NESTING_CAP} levels deep from cold code`, () => {
    const core = fileURLToPath(new URL('../../../dist/index.js', import.meta.url));
    const shapes: Array<[string, string]> = [
      ['(', ')'],
      ['[1, ', ']'],
      ['coalesce(null, null, null, ', ')'],
      ['min(1, 2, ', ')'],
      ["get('$.a', ", ')'],
      ['if (true) ', ' else 2'],
      ['true ? (', ') : 2'],
      ['not (', ')'],
    ];
    const script = `
      import { check } from ${JSON.stringify(core)};
      const n = ${PARSER_NESTING_CAP};
      const out = [];
      for (const [a, b] of ${JSON.stringify(shapes)}) {
        const r = check(a.repeat(n) + '1' + b.repeat(n), { profile: 'any', limits: { maxDepth: 1000000, maxNodes: 1000000 } });
        out.push([a, r.diagnostics.filter((d) => d.code.startsWith('UF4')).map((d) => d.message)]);
      }
      console.log(JSON.stringify(out));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(r.stderr).toBe('');
    const results = JSON.parse(r.stdout) as Array<[string, string[]]>;
    expect(results).toEqual(shapes.map(([a]) => [a, []]));
  });
});
