import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../test/support/cli.js';

const cli = runCli;

const dir = mkdtempSync(join(tmpdir(), 'userfn-explain-'));
const context = join(dir, 'ctx.json');
writeFileSync(context, JSON.stringify({ output: { confidence: 0.42, n: 'twelve', created_at: '2026-11-20T00:00:00Z' }, tool_calls: [{ name: 'search' }] }));

describe('userfn eval --explain', () => {
  it('prints the value, the one-line reason, and every sub-expression with short-circuited parts marked', async () => {
    const r = await cli('eval', "get('$.output.confidence') >= 0.8 and called('search') or called('lookup')", '--context', context, '--explain');
    expect(r.code).toBe(0);
    const [value, reason, ...tree] = r.out.trimEnd().split('\n');
    expect(value).toBe('false');
    expect(reason).toBe("get('$.output.confidence') >= 0.8 was false: get('$.output.confidence') = 0.42; called('lookup') was false");
    expect(tree[0]).toBe("get('$.output.confidence') >= 0.8 and called('search') or called('lookup') => false");
    expect(tree).toContain("    called('search') => not evaluated");
    expect(tree).toContain("      get('$.output.confidence') => 0.42");
  });

  it('gives no reason for a true result', async () => {
    const r = await cli('eval', "called('search')", '--context', context, '--explain');
    expect(r.out).toBe("true\ncalled('search') => true\n");
  });

  it("leaves out literals, which only repeat themselves ('$.a' => '$.a', 0.8 => 0.8), but keeps a literal that is the whole expression", async () => {
    const r = await cli('eval', "get('$.output.confidence') >= 0.8 and get('$.tool_calls[*].name') == ['search']", '--context', context, '--explain');
    expect(r.out.split('\n').slice(2, -1)).toEqual([
      "get('$.output.confidence') >= 0.8 and get('$.tool_calls[*].name') == ['search'] => false",
      "  get('$.output.confidence') >= 0.8 => false",
      "    get('$.output.confidence') => 0.42",
      "  get('$.tool_calls[*].name') == ['search'] => not evaluated",
      "    get('$.tool_calls[*].name') => not evaluated",
    ]);
    expect((await cli('eval', '1', '--profile', 'any', '--explain')).out).toBe('1\n1 => 1\n');
  });

  it('explains a runtime error with its position and exits 1', async () => {
    const r = await cli('eval', "true and to_number(get('$.output.n')) > 1", '--context', context, '--explain');
    expect(r.code).toBe(1);
    expect(r.out).toMatch(/^error: .*\nerror at 1:10: /);
    expect(r.out).toContain("to_number(get('$.output.n')) => error UF3006");
  });

  it('uses the --now clock', async () => {
    const r = await cli(
      'eval',
      "hours(now() - iso_datetime_parse(get('$.output.created_at'))) < 24",
      '--context',
      context,
      '--explain',
      '--now',
      '2026-11-21T12:00:00Z',
    );
    expect(r.out.split('\n')[0]).toBe('false');
    expect(r.out).toContain("was false: hours(now() - iso_datetime_parse(get('$.output.created_at'))) = 36");
  });

  it('prints the explanation as JSON with --json', async () => {
    const r = await cli('eval', "get('$.output.confidence') >= 0.8", '--context', context, '--explain', '--json');
    const ex = JSON.parse(r.out) as { value: unknown; reason: string; tree: { text: string; evaluated: boolean; children: { value: unknown }[] } };
    expect(ex.value).toBe(false);
    expect(ex.reason).toBe("get('$.output.confidence') >= 0.8 was false: get('$.output.confidence') = 0.42");
    expect(ex.tree).toMatchObject({ text: "get('$.output.confidence') >= 0.8", evaluated: true, value: false });
    expect(ex.tree.children.map((c) => c.value)).toEqual([0.42]); // the literal 0.8 is left out
  });
});
