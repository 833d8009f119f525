import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileError, systemReason } from './io.js';
import { runCli } from '../../../test/support/cli.js';
import { SERVE_HELP } from './serve.js';
import { VERIFY_HELP } from './verify.js';
import { coreVersion } from './version.js';

const cli = runCli;

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'userfn-manners-'));

describe('userfn --version', () => {
  for (const flag of ['--version', '-v', 'version']) {
    it(`${flag} prints package.json's version`, async () => {
      expect(await cli(flag)).toEqual({ code: 0, out: `${pkg.version}\n`, err: '' });
    });
  }
  it('finds package.json from the bundle folder too (dist/bundle is one level shallower than src/node/cli)', () => {
    expect(coreVersion(new URL('../../../dist/bundle/userfn.js', import.meta.url))).toBe(pkg.version);
    expect(coreVersion('file:///')).toBe('unknown');
  });
});

describe('a bad flag', () => {
  const cases: Array<[string[], string, string]> = [
    [['eval', '1', '--bogus'], "userfn eval: unknown option '--bogus'", 'eval'],
    [['eval', '1', '-x'], "userfn eval: unknown option '-x'", 'eval'],
    [['eval', '1', '--context'], "userfn eval: option '--context' needs a value", 'eval'],
    [['eval', '1', '--json=yes'], "userfn eval: option '--json' takes no value", 'eval'],
    [['check', '1', '--bogus'], "userfn check: unknown option '--bogus'", 'check'],
    [['verify', '--bogus'], "userfn verify: unknown option '--bogus'", 'verify'],
    [['serve', '--bogus'], "userfn serve: unknown option '--bogus'", 'serve'],
  ];
  for (const [argv, line, command] of cases) {
    it(`${argv.join(' ')}: one line naming it, then the command's usage`, async () => {
      const r = await cli(...argv);
      expect(r.code).toBe(2);
      expect(r.out).toBe('');
      const lines = r.err.trimEnd().split('\n');
      expect(lines[0]).toBe(line);
      expect(lines[1]).toMatch(new RegExp(`^Usage: userfn ${command} `));
      expect(lines.at(-1)).toBe(`Run 'userfn ${command} --help' for its options.`);
      expect(r.err).not.toMatch(/positional|as in '--/);
    });
  }
  it('an unknown top-level option is named as an option, with the usage', async () => {
    const r = await cli('--bogus');
    expect(r.code).toBe(2);
    expect(r.err).toBe("userfn: unknown option '--bogus'\nUsage: userfn <command> [options]\nRun 'userfn --help' for the commands.\n");
  });
});

describe('an unreadable file says which and why, in words', () => {
  it('a missing context', async () => {
    const r = await cli('eval', 'true', '--context', 'x.json');
    expect([r.code, r.err]).toEqual([2, 'cannot read x.json: no such file\n']);
  });
  it('a directory, a missing rule set, a missing input, an unwritable output', async () => {
    expect((await cli('check', '--file', dir)).err).toBe(`cannot read ${dir}: it is a directory\n`);
    expect((await cli('verify', '--rules', 'nope.rules.json', '-')).err).toBe('cannot read nope.rules.json: no such file\n');
    expect(await cli('test', '--rules', 'nope.rules.json')).toMatchObject({ code: 2, err: 'cannot read nope.rules.json: no such file\n' });
    const rules = join(dir, 'r.rules.json');
    writeFileSync(rules, JSON.stringify({ rules: [{ id: 'a', condition: 'true' }] }));
    expect((await cli('verify', '--rules', rules, join(dir, 'none.jsonl'))).err).toBe(`cannot read ${join(dir, 'none.jsonl')}: no such file\n`);
    const out = join(dir, 'no-such-folder', 'out.jsonl');
    const input = join(dir, 'in.jsonl');
    writeFileSync(input, '{}\n');
    expect((await cli('verify', '--rules', rules, input, '--out', out)).err).toBe(`cannot write ${out}: no such file\n`);
  });
  it('a permission error in words (as root every file reads, so the error is made here)', () => {
    const e = Object.assign(new Error("EACCES: permission denied, open 'secret.json'"), { code: 'EACCES' });
    expect(fileError('read', 'secret.json', e).message).toBe('cannot read secret.json: permission denied');
    expect(systemReason(Object.assign(new Error('odd'), { code: 'EWHATEVER' }))).toBe('odd');
  });
});

/**
 * In every help text, the descriptions of one block (the lines under
 * "Commands:", "Options:", "Endpoints:", "Judge rules (…):") start in one
 * column, and so do their continuation lines.
 */
function misaligned(help: string): string[] {
  const bad: string[] = [];
  for (const block of help.split('\n\n')) {
    const [head, ...lines] = block.split('\n');
    if (!/^(Commands|Options|Endpoints):$|^Judge rules .*:$/.test(head!)) continue;
    const columns = new Set<number>();
    const continuations: number[] = [];
    for (const line of lines) {
      const continuation = /^ {3,}(?=\S)/.exec(line);
      const entry = /^ {2}\S.*?\s{2,}(?=\S)/.exec(line);
      if (continuation) continuations.push(continuation[0].length);
      else if (entry) columns.add(entry[0].length);
      else bad.push(`not an entry: ${line}`);
    }
    if (columns.size !== 1) bad.push(`${head} has descriptions in columns ${[...columns].join(', ')}`);
    // a continuation starts in the description column, or further in (the items of a list inside a description)
    const column = Math.min(...columns);
    for (const c of continuations) if (c < column) bad.push(`${head} has a continuation line in column ${c}, left of ${column}`);
  }
  return bad;
}

describe('--help columns line up', () => {
  it('the test finds a misaligned block', () => {
    expect(misaligned('Options:\n  --a <x>   one\n  --bbb <x>  two')).toEqual(['Options: has descriptions in columns 12, 13']);
    expect(misaligned('Options:\n  --a <x>    one\n            more')).toEqual(['Options: has a continuation line in column 12, left of 13']);
    expect(misaligned('Options:\n  --coverage-min <pct> exit 1')).toEqual([
      'not an entry:   --coverage-min <pct> exit 1',
      'Options: has descriptions in columns ',
    ]);
  });
  it('for userfn and every command, as --help prints it', async () => {
    const commands = ['eval', 'check', 'verify', 'serve', 'test', 'fmt'];
    // every command the top-level help lists is checked here
    const top = (await cli('--help')).out;
    expect([...top.matchAll(/^ {2}([a-z]+) /gm)].map((m) => m[1])).toEqual(commands);
    for (const help of [top, ...(await Promise.all(commands.map(async (c) => (await cli(c, '--help')).out)))]) {
      expect(help).toMatch(/^Usage: userfn /);
      expect(misaligned(help), help).toEqual([]);
    }
  });
  it('the blocks it checks include the judge options', () => {
    expect(misaligned(VERIFY_HELP.replace('  --judge-model <name>       ', '  --judge-model <name>  '))).toEqual([
      'Judge rules (rules with a "judge" instead of a "condition"): has descriptions in columns 29, 24',
    ]);
    expect(misaligned(SERVE_HELP)).toEqual([]);
  });
});
