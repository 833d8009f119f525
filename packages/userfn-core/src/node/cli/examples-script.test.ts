import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/** `npm run examples` (the repo's scripts/start.mjs) on the built core: every bundled example evaluates. */
describe('npm run examples', () => {
  it('evaluates every example expression against its context without an error', () => {
    const script = fileURLToPath(new URL('../../../../../scripts/start.mjs', import.meta.url));
    const { examples } = JSON.parse(readFileSync(new URL('../../../../../examples/expressions.json', import.meta.url), 'utf8')) as {
      examples: Array<{ expr: string }>;
    };
    const r = spawnSync(process.execPath, [script], { encoding: 'utf8' });
    expect([r.status, r.stderr]).toEqual([0, '']);
    expect(r.stdout).toContain(`${examples.length} examples evaluated, 0 errors`);
    // it says its clock is fixed, and at which instant
    const { now } = JSON.parse(readFileSync(new URL('../../../../../examples/expressions.json', import.meta.url), 'utf8')) as { now: string };
    expect(r.stdout.split('\n')[0]).toBe(
      `Evaluating ${examples.length} examples with the clock fixed at ${now} (now() returns it; set in examples/expressions.json).`,
    );
    // each expression is printed with its value (or its error) under it
    for (const ex of examples) expect(r.stdout).toContain(`  ${ex.expr}\n  => `);
  });
});
