import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/support/cli.js';

const cli = runCli;

const dir = mkdtempSync(join(tmpdir(), 'userfn-cli-'));
const contextFile = join(dir, 'ctx.json');
writeFileSync(contextFile, JSON.stringify({ output: { status: 'indexed', confidence: 0.42 }, tool_calls: [{ name: 'search' }] }));
const badJson = join(dir, 'bad.json');
writeFileSync(badJson, '{ nope');

describe('userfn eval', () => {
  it('prints the value', async () => {
    expect(await cli('eval', "get('$.output.status') == 'indexed'", '--context', contextFile)).toEqual({ code: 0, out: 'true\n', err: '' });
  });
  it('prints value and type with --json', async () => {
    const r = await cli('eval', "get('$.output.confidence') * 2", '--context', contextFile, '--profile', 'reranker', '--json');
    expect(JSON.parse(r.out)).toEqual({ value: 0.84, type: 'number' });
  });
  it('prints a UserFn error as JSON with line and column, exit 1', async () => {
    const r = await cli('eval', '1 +\n 1 / 0', '--profile', 'any', '--json');
    expect(r.code).toBe(1);
    expect(JSON.parse(r.out)).toEqual({ error: { kind: 'runtime', code: 'UF3002', message: 'division by zero', line: 2, column: 2 } });
  });
  it('renders an error with the source line and a caret', async () => {
    const r = await cli('eval', "lenght('x') > 0");
    expect(r.code).toBe(1);
    expect(r.err).toContain("error[UF2001] unknown function 'lenght'; did you mean 'length'?");
    expect(r.err).toContain("1 | lenght('x') > 0\n  | ^^^^^^");
    expect(r.err).toContain('hint: did you mean length?');
  });
  it('fixes the clock with --now', async () => {
    const r = await cli('eval', 'to_string(now())', '--profile', 'any', '--now', '2026-11-21T10:00:00+01:00');
    expect(r.out).toBe('"2026-11-21T09:00:00Z"\n');
  });
  it('explains a false condition', async () => {
    const r = await cli('eval', "get('$.output.confidence') >= 0.8 and called('search')", '--context', contextFile, '--explain');
    expect(r.code).toBe(0);
    expect(r.out).toContain("get('$.output.confidence') >= 0.8 was false: get('$.output.confidence') = 0.42");
    expect(r.out).toContain("called('search') => not evaluated");
  });
  it('exits 2 on bad usage and unreadable input', async () => {
    expect((await cli('eval')).code).toBe(2);
    expect((await cli('eval', '1', '--bogus')).code).toBe(2);
    expect((await cli('eval', '1', '--profile', 'nope')).code).toBe(2);
    const missing = await cli('eval', 'true', '--context', join(dir, 'missing.json'));
    expect([missing.code, missing.err]).toEqual([2, `cannot read ${join(dir, 'missing.json')}: no such file\n`]);
    const bad = await cli('eval', 'true', '--context', badJson);
    expect([bad.code, bad.err]).toEqual([2, expect.stringContaining('is not valid JSON')]);
  });
  it('has --help', async () => {
    const r = await cli('eval', '--help');
    expect([r.code, r.out]).toEqual([0, expect.stringContaining('Usage: userfn eval')]);
  });
});

describe('--help on every command', () => {
  for (const command of ['eval', 'check', 'verify', 'serve']) {
    it(`userfn ${command} --help prints its usage and exits 0`, async () => {
      const r = await cli(command, '--help');
      expect([r.code, r.out, r.err]).toEqual([0, expect.stringContaining(`Usage: userfn ${command}`), '']);
    });
  }
});

describe('userfn check', () => {
  it('prints every diagnostic with a caret, exit 1 on errors', async () => {
    const r = await cli('check', 'get(\'$.a\') = 1 and "x"');
    expect(r.code).toBe(1);
    expect(r.out).toContain('error[UF1004]');
    expect(r.out).toContain('error[UF1003]');
    expect(r.out).toContain('3 errors, 1 warning');
  });
  it('passes with warnings, reading a file and a schema', async () => {
    const expr = join(dir, 'rule.userfn');
    writeFileSync(expr, "get('$.scroe') > 1\n");
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify({ type: 'object', properties: { score: { type: 'number' } } }));
    const r = await cli('check', '--file', expr, '--schema', schema, '--profile', 'any');
    expect(r.code).toBe(0);
    expect(r.out).toContain("warning[UF2103] 'scroe' is not declared in the context schema; did you mean 'score'?");
    expect(r.out).toContain('ok: boolean (1 warning)');
  });
  it('gives JSON diagnostics with --json', async () => {
    const r = await cli('check', '1 +', '--json', '--profile', 'any');
    const j = JSON.parse(r.out) as { diagnostics: Array<{ code: string; span: { line: number } }> };
    expect(j.diagnostics[0]!.code).toBe('UF1002');
    expect(j.diagnostics[0]!.span.line).toBe(1);
  });
  it('exits 2 on bad usage', async () => {
    expect((await cli('check')).code).toBe(2);
    expect((await cli('check', 'a', '--file', 'b')).code).toBe(2);
    expect((await cli('nonsense')).code).toBe(2);
  });
});

describe('the userfn bin', () => {
  // The shipped executable: the bundle package.json names as `userfn`.
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { bin: { userfn: string } };
  const bin = fileURLToPath(new URL(`../../../${pkg.bin.userfn}`, import.meta.url));
  it('runs from the build with real exit codes', () => {
    expect(execFileSync(process.execPath, [bin, 'eval', '1 + 2', '--profile', 'any'], { encoding: 'utf8' })).toBe('3\n');
    const failed = spawnSync(process.execPath, [bin, 'eval', '1 / 0', '--profile', 'any'], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    const usage = spawnSync(process.execPath, [bin, 'eval'], { encoding: 'utf8' });
    expect(usage.status).toBe(2);
    const stdin = spawnSync(process.execPath, [bin, 'eval', "get('$.x')", '--context', '-', '--profile', 'any'], { input: '{"x": [1]}', encoding: 'utf8' });
    expect(stdin.stdout).toBe('[1]\n');
    // The bundled batch worker is found beside the executable.
    const dir2 = mkdtempSync(join(tmpdir(), 'userfn-bin-'));
    writeFileSync(join(dir2, 'r.rules.json'), JSON.stringify({ rules: [{ id: 'ok', condition: "get('$.output.ok') == true" }] }));
    writeFileSync(join(dir2, 's.jsonl'), Array.from({ length: 2000 }, (_, i) => JSON.stringify({ output: { ok: i % 2 === 0 } })).join('\n') + '\n');
    const verified = spawnSync(process.execPath, [bin, 'verify', '--rules', join(dir2, 'r.rules.json'), join(dir2, 's.jsonl'), '--workers', '2'], {
      encoding: 'utf8',
    });
    expect(verified.status).toBe(1);
    expect(verified.stdout.trim().split('\n')).toHaveLength(2000);
  });

  it('stops quietly when the reader closes the pipe early (userfn check … | head)', async () => {
    const child = spawn(process.execPath, [bin, 'check', 'lenght(1) + nope(2) + zork(3)'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy(); // the reader is gone before the first line is written
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
    expect([code, err]).toEqual([1, '']);
  });
});
