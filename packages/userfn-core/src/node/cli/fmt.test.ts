import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/support/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'userfn-fmt-'));
const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};

const UGLY_JSON = '{"rules": [ {"id": "a", "condition": "get(\'$.a\')>1"} ] }\n';
const UGLY_YAML = "rules:\n  - id: a\n    condition: NOT  called('x')   # keep me\n";
const UGLY_USERFN = "// why\nget('$.a')>1  AND  true\n";

describe('userfn fmt', () => {
  it("the project's example rule sets are formatted: --check passes on every one (judge rules' when and YAML aliases included)", async () => {
    const files = ['rules', 'judge'].flatMap((d) => {
      const at = fileURLToPath(new URL(`../../../../../examples/${d}/`, import.meta.url));
      return readdirSync(at)
        .filter((f) => /\.rules\.(json|ya?ml)$/.test(f))
        .map((f) => join(at, f));
    });
    expect(files.some((f) => f.endsWith('support-judge.rules.yaml'))).toBe(true);
    expect(await cli('fmt', '--check', ...files)).toEqual({ code: 0, out: '', err: '' });
  });

  it('--check names the files that would change and exits 1, writing nothing', async () => {
    const json = write('a.rules.json', UGLY_JSON);
    const yaml = write('b.rules.yaml', UGLY_YAML);
    const done = write('c.rules.json', '{"rules": [{"id": "a", "condition": "true"}]}\n');
    const src = write('d.userfn', UGLY_USERFN);
    const r = await cli('fmt', '--check', json, yaml, done, src);
    expect(r).toEqual({ code: 1, out: `${json}\n${yaml}\n${src}\n`, err: '' });
    expect(readFileSync(json, 'utf8')).toBe(UGLY_JSON);
    expect((await cli('fmt', '--check', done)).code).toBe(0);
  });

  it('formats in place, only the conditions of a rule set; then --check passes', async () => {
    const json = write('e.rules.json', UGLY_JSON);
    const yaml = write('f.rules.yaml', UGLY_YAML);
    const src = write('g.userfn', UGLY_USERFN);
    const r = await cli('fmt', json, yaml, src);
    expect(r.code).toBe(0);
    expect(r.out).toBe(`formatted ${json}\nformatted ${yaml}\nformatted ${src}\n`);
    expect(readFileSync(json, 'utf8')).toBe('{"rules": [ {"id": "a", "condition": "get(\'$.a\') > 1"} ] }\n');
    expect(readFileSync(yaml, 'utf8')).toBe("rules:\n  - id: a\n    condition: not called('x')   # keep me\n");
    expect(readFileSync(src, 'utf8')).toBe("// why\nget('$.a') > 1 and true\n");
    expect(await cli('fmt', '--check', json, yaml, src)).toEqual({ code: 0, out: '', err: '' });
  });

  it('a syntax error is listed with its position and exits 2; the other files are still formatted', async () => {
    const bad = write('h.userfn', 'get(\n');
    const badRules = write('i.rules.json', '{"rules": [{"id": "a", "condition": "1 +"}]');
    const good = write('j.rules.json', UGLY_JSON);
    const r = await cli('fmt', bad, badRules, good, join(dir, 'missing.userfn'));
    expect(r.code).toBe(2);
    const lines = r.err.trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^${bad}:2:1: not formatted: .*\\[UF1\\d{3}\\]$`));
    expect(lines[1]).toMatch(new RegExp(`^${badRules}:1:\\d+: invalid JSON: `));
    expect(lines[2]).toBe(`cannot read ${join(dir, 'missing.userfn')}: no such file`);
    expect(readFileSync(good, 'utf8')).not.toBe(UGLY_JSON);
    expect((await cli('fmt')).code).toBe(2);
  });

  it('says how in --help', async () => {
    const r = await cli('fmt', '--help');
    expect(r.code).toBe(0);
    expect(r.out).toContain('--check');
  });
});
