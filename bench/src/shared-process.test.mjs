import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./shared-process.mjs', import.meta.url));

// The profiling hook of the shared-process bench: one cell, timed after the whole
// process has compiled and warmed up every workload of every engine.
describe('shared-process.mjs --cell', () => {
  it('times the one cell it names after the interleaved warm-up, and writes no results file', async () => {
    const { stdout } = await run(process.execPath, [script, '--quick', '--cell', 'userfn:W7', '--out', '/nonexistent/shared.json']);
    expect(stdout.trim()).toMatch(/^userfn:W7: \d+(\.\d)? ns per evaluation$/);
  }, 60_000);

  it('with --own-copies, times an expression compiled by a copy of the core of its own', async () => {
    const { stdout } = await run(process.execPath, [script, '--quick', '--own-copies', '--cell', 'userfn-own:W7', '--out', '/nonexistent/shared.json']);
    expect(stdout.trim()).toMatch(/^userfn-own:W7: \d+(\.\d)? ns per evaluation$/);
  }, 120_000);

  it('with --rule-set-code and --built-sessions, times the contract as one generated function on the sessions built in code', async () => {
    const { stdout } = await run(process.execPath, [
      script,
      '--quick',
      '--rule-set-code',
      '--built-sessions',
      '--cell',
      'userfn-code:RS-built',
      '--out',
      '/nonexistent/shared.json',
    ]);
    expect(stdout.trim()).toMatch(/^userfn-code:RS-built: \d+(\.\d)? ns per evaluation$/);
  }, 60_000);

  it('names the cells there are when asked for one that is not', async () => {
    const failed = await run(process.execPath, [script, '--quick', '--cell', 'userfn:W9']).then(
      () => undefined,
      (e) => e,
    );
    expect(failed?.code).toBe(1);
    expect(failed.stderr).toContain('no cell userfn:W9: one of userfn:W1,');
    expect(failed.stderr).toContain('js:RS');
    // the built-in-code stream only on request (--built-sessions)
    expect(failed.stderr).not.toContain('RS-built');
  }, 60_000);
});

// The one-pass front end of src/compile-bound.mjs, timed where compile() and the floor are.
describe('shared-process.mjs --compile-bound', () => {
  it('with --compile-bound, times the one-pass front end as a compile column beside compile() and the floor', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'userfn-bench-'));
    const out = join(dir, 'shared.json');
    const { stdout } = await run(process.execPath, ['--expose-gc', script, '--quick', '--compile-bound', '--out', out]);
    expect(stdout).toContain('A one-pass front end, the checked tree built as the records are read');
    const { rows } = JSON.parse(readFileSync(out, 'utf8'));
    rmSync(dir, { recursive: true });
    expect(rows.map((r) => r.id)).toEqual(['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'RS']);
    for (const r of rows) {
      expect(r.boundUs, r.id).toBeGreaterThan(0);
      expect(r.boundOverFloor, r.id).toBeCloseTo(r.boundUs / r.floorUs, 9);
    }
  }, 180_000);
});

// The compile floor is measured with the core's lexer and grammar alone, which are not
// public API: they come from the per-file build, not from the bundled entries.
describe('coreBuildFile', () => {
  it('finds the lexer and the grammar the floor is measured with', async () => {
    const { coreBuildFile } = await import('./engines.mjs');
    const { lex } = await import(coreBuildFile('language/syntax/token-stream.js'));
    const { parseTokens } = await import(coreBuildFile('language/syntax/parser.js'));
    const tokens = lex("get('$.output') != null").significant;
    expect(tokens.map((t) => t.image)).toEqual(['get', '(', "'$.output'", ')', '!=', 'null']);
    const parsed = parseTokens(tokens);
    expect(parsed.errors).toEqual([]);
    expect(parsed.program.expressions).toHaveLength(1);
  });
});
