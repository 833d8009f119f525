import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Io } from './io.js';
import { main } from './main.js';

// End to end: the built CLI (turbo builds before tests), as users run it.
const bin = fileURLToPath(new URL('../../../dist/node/cli/bin.js', import.meta.url));
const examples = fileURLToPath(new URL('../../../../../examples/', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'userfn-verify-'));

// A run that hangs (a worker thread left running keeps the process alive) is killed and fails its test: its code is null.
function userfn(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [bin, 'verify', ...args], { encoding: 'utf8', input, maxBuffer: 1 << 28, timeout: 50_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

function file(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const rules = file(
  'rules.json',
  JSON.stringify({
    profile: 'verification',
    rules: [
      { id: 'has-output', condition: "get('$.output') != null", message: 'The agent produced no output.' },
      { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", message: 'Confidence below 0.8', weight: 2 },
      { id: 'no-delete', condition: "not called('delete_account')", message: 'delete_account must not run', severity: 'warning' },
    ],
  }),
);
const yamlRules = file('rules.yaml', "rules:\n  - id: confident\n    condition: get('$.output.confidence', 0) >= 0.8\n");

/** 3,000 lines: mostly sessions, with malformed, blank and non-object lines among them. */
const mixedLines = Array.from({ length: 3000 }, (_, i) => {
  const n = i + 1;
  if (n % 97 === 0) return '{"output": {"confidence": 0.9'; // truncated JSON
  if (n % 101 === 0) return '';
  if (n % 103 === 0) return '"a string"';
  return JSON.stringify({ session: { key: `ses_${n}` }, output: { confidence: (n % 10) / 10 }, tool_calls: n % 7 === 0 ? [{ name: 'delete_account' }] : [] });
});
// Line 1500 holds invalid UTF-8 inside a string (read as U+FFFD) and line 1501 ends with CRLF.
const mixed = join(dir, 'mixed.jsonl');
writeFileSync(
  mixed,
  Buffer.concat([
    Buffer.from(`${mixedLines.slice(0, 1499).join('\n')}\n{"output":{"confidence":0.9,"t":"`),
    Buffer.from([0xe2, 0x82]),
    Buffer.from(`"}}\n${mixedLines[1500]!}\r\n${mixedLines.slice(1501).join('\n')}\n`),
  ]),
);
const allGood = file('good.jsonl', `${JSON.stringify({ output: { confidence: 0.9 }, tool_calls: [] })}\n${JSON.stringify({ output: { confidence: 1 } })}\n`);

describe('userfn verify (end to end)', () => {
  it('has --help', () => {
    const r = userfn(['--help']);
    expect([r.code, r.err]).toEqual([0, '']);
    expect(r.out).toContain('Usage: userfn verify --rules');
    const top = spawnSync(process.execPath, [bin, '--help'], { encoding: 'utf8' });
    expect(top.stdout).toContain('verify');
  });

  it('writes one record line per input line, in order; malformed, blank and non-object lines get input errors and never stop the run', () => {
    const r = userfn(['--rules', rules, mixed]);
    expect(r.code).toBe(1);
    const lines = r.out.split('\n');
    expect(lines.pop()).toBe('');
    expect(lines).toHaveLength(3000);
    lines.forEach((text, i) => {
      const n = i + 1;
      const rec = JSON.parse(text) as Record<string, unknown>;
      expect(rec['line']).toBe(n);
      if (n % 97 === 0 || n % 101 === 0 || n % 103 === 0) {
        expect(Object.keys(rec)).toEqual(['line', 'error']);
        expect(rec['error']).toMatchObject({ kind: 'input', message: expect.any(String) });
      } else {
        expect(Object.keys(rec)).toEqual(['line', 'id', 'passed', 'score', 'failures', 'warnings', 'rule_set']);
        expect(rec['id']).toBe(n === 1500 ? 1500 : `ses_${n}`);
        expect(rec['passed']).toBe(n === 1500 || n % 10 >= 8);
      }
    });
    expect(JSON.parse(lines[100]!)).toEqual({ line: 101, error: { kind: 'input', message: 'blank line' } });
    expect(JSON.parse(lines[102]!)).toEqual({ line: 103, error: { kind: 'input', message: 'expected a JSON object, got a string' } });
    // The summary (and nothing else) is on stderr; no progress bar when stderr is not a terminal.
    const inputErrors = mixedLines.filter((_, i) => (i + 1) % 97 === 0 || (i + 1) % 101 === 0 || (i + 1) % 103 === 0).length;
    expect(r.err).toContain(`3000 records: `);
    // it names the rule set that scored the run (unnamed: by its file)
    expect(r.err).toMatch(new RegExp(`\nrule set ${rules.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} sha256:[0-9a-f]{16}\n`));
    expect(r.err).toContain(`${inputErrors} input errors`);
    expect(r.err).toContain('rules that failed most: confident (');
    expect(r.err).not.toContain('\r');
  });

  it('exits 0 when every record passed, and reads a YAML rule set', () => {
    const r = userfn(['--rules', yamlRules, allGood]);
    expect(r.code).toBe(0);
    expect(
      r.out
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { passed: boolean }).passed),
    ).toEqual([true, true]);
    expect(r.err).toContain('every rule held on every record');
  });

  it('writes to --out, leaving stdout empty', () => {
    const out = join(dir, 'out.jsonl');
    const r = userfn(['--rules', rules, mixed, '--out', out]);
    expect([r.code, r.out]).toEqual([1, '']);
    expect(readFileSync(out, 'utf8')).toBe(userfn(['--rules', rules, mixed]).out);
  });

  it('gives byte-identical output with --workers 1, 2 and 3, from a file and from standard input', () => {
    const one = userfn(['--rules', rules, mixed]);
    expect(one.code).toBe(1);
    for (const workers of ['2', '3']) {
      const many = userfn(['--rules', rules, mixed, '--workers', workers]);
      expect(many.code).toBe(one.code);
      expect(many.out).toBe(one.out);
      expect(many.err).toBe(one.err);
      const stdin = userfn(['--rules', rules, '-', '--workers', workers], readFileSync(mixed, 'utf8'));
      expect(stdin.out).toBe(one.out);
    }
  });

  it('--timeline tells, after the summary, when each thread was ready and how many chunks it verified', () => {
    const r = userfn(['--rules', rules, mixed, '--workers', '2', '--timeline']);
    expect(r.code).toBe(1);
    expect(r.out).toBe(userfn(['--rules', rules, mixed]).out);
    const [summary, timeline] = r.err.split('timeline:\n');
    expect(summary).toContain('3000 records: ');
    expect(timeline).toMatch(
      /^main thread: ready at \d+ ms, verified \d+ chunks? in \d+ ms\nworker 1: loaded at \d+ ms, (ready at \d+ ms|never ready), verified \d+ chunks? in \d+ ms\ndone at \d+ ms\n$/,
    );
    const chunks = [...timeline!.matchAll(/verified (\d+) chunk/g)].reduce((n, m) => n + Number(m[1]), 0);
    expect(chunks).toBe(Math.ceil(3000 / 512));
  });

  it('gives byte-identical output with --workers 2 on the example sessions', () => {
    const args = ['--rules', join(examples, 'rules/support.rules.json'), join(examples, 'sessions.jsonl'), '--now', '2026-11-21T12:00:00Z'];
    const one = userfn(args);
    const two = userfn([...args, '--workers', '2']);
    expect(one.out.split('\n')).toHaveLength(1001);
    expect(two.out).toBe(one.out);
  });

  it('--format nemo-gym writes each rollout back with reward set to the score, everything else unchanged', () => {
    const rollout = (confidence: number, tail: string) =>
      `{"responses_create_params":{"input":[{"role":"user","content":"refund?"}]},"response":{"id":"r","output":[` +
      `{"type":"function_call","name":"delete_account","arguments":"{}","call_id":"c1"},` +
      `{"type":"message","role":"assistant","content":[{"type":"output_text","text":"{\\"confidence\\": ${confidence}}"}]}],"reward":1.0}${tail}}`;
    const input = [rollout(0.9, ',"reward":0.0,"_ng_task_index":1'), rollout(0.5, ''), 'garbage', '', ''].join('\n');
    const r = userfn(['--rules', rules, '-', '--format', 'nemo-gym'], input);
    expect(r.code).toBe(1);
    const lines = r.out.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    // 0.9: has-output and confident hold (3 of 4), the no-delete warning does not.
    const trace = `"userfn":{"rule_set":{"name":null,"hash":"${(JSON.parse(userfn(['--rules', rules, '-'], '{}').out) as { rule_set: { hash: string } }).rule_set.hash}"}}`;
    expect(lines[0]).toBe(rollout(0.9, `,"reward":0.75,"_ng_task_index":1,${trace}`));
    expect(lines[1]).toBe(rollout(0.5, `,"reward":0.25,${trace}`));
    expect(JSON.parse(lines[2]!)).toMatchObject({ line: 3, error: { kind: 'input' } });
    expect(JSON.parse(lines[3]!)).toEqual({ line: 4, error: { kind: 'input', message: 'blank line' } });
  });

  it('with --workers, stops the worker threads it started and exits 2 at once on an invalid rule set or bad usage', () => {
    const bad = file('bad-workers.json', '{ "rules": [ { "id": "a", "condition": "gett(1)" } ] }');
    const out = join(dir, 'never-workers.jsonl');
    const r = userfn(['--rules', bad, mixed, '--out', out, '--workers', '3']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toContain("rule 'a': unknown function 'gett'");
    expect(existsSync(out)).toBe(false);
    const usage = userfn(['--rules', rules, mixed, '--format', 'csv', '--workers', '2']);
    expect([usage.code, usage.out]).toEqual([2, '']);
    expect(usage.err).toContain("unknown format 'csv'");
    const missing = userfn(['--rules', rules, join(dir, 'missing.jsonl'), '--workers', '2']);
    expect([missing.code, missing.out]).toEqual([2, '']);
  });

  it('prints every problem of an invalid rule set with its line, writes nothing and exits 2', () => {
    const bad = file('bad.json', '{\n  "rules": [\n    { "id": "a", "condition": "gett(1)" },\n    { "id": "a", "weigth": 1 }\n  ]\n}\n');
    const out = join(dir, 'never.jsonl');
    const r = userfn(['--rules', bad, mixed, '--out', out]);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(existsSync(out)).toBe(false);
    expect(r.err).toContain('4 problems');
    expect(r.err).toContain(`${bad}:3:32: rule 'a': unknown function 'gett'`);
    expect(r.err).toMatch(/:4:18: rule 'a': unknown field 'weigth'/);
    expect(r.err).toMatch(/:4:5: rule 'a': no 'condition'/);
    expect(r.err).toMatch(/:4:13: rule 'a': duplicate rule id 'a'/);
  });

  it('exits 2 on bad usage, with nothing on stdout', () => {
    const r = userfn(['--rules', rules, mixed, '--workers', '0']);
    expect([r.code, r.out]).toEqual([2, '']);
    expect(r.err).toContain('--workers must be an integer');
  });
});

/** Runs the CLI in-process, capturing its output. */
async function cli(argv: string[], stderrIsTTY = false) {
  let out = '';
  let err = '';
  const io: Io = { out: (t) => void (out += t), err: (t) => void (err += t), stdoutIsTTY: false, stderrIsTTY };
  const code = await main(['verify', ...argv], io);
  return { code, out, err };
}

describe('userfn verify (in process)', () => {
  it('exits 2 on bad usage and unreadable files, with nothing on stdout', async () => {
    for (const args of [
      [mixed],
      ['--rules', rules],
      ['--rules', rules, mixed, mixed],
      ['--rules', rules, mixed, '--format', 'csv'],
      ['--rules', rules, mixed, '--workers', 'two'],
      ['--rules', rules, mixed, '--now', 'yesterday'],
      ['--rules', rules, join(dir, 'missing.jsonl')],
      ['--rules', rules, dir],
      ['--rules', join(dir, 'missing.json'), mixed],
      ['--rules', rules, mixed, '--bogus'],
    ]) {
      const r = await cli(args);
      expect([args, r.code, r.out]).toEqual([args, 2, '']);
      expect(r.err).not.toBe('');
    }
  });

  it('draws a progress bar on stderr when it is a terminal, and erases it before the summary', async () => {
    const { code, out, err } = await cli(['--rules', rules, mixed], true);
    expect(code).toBe(1);
    expect(out.split('\n')).toHaveLength(3001);
    expect(err).toMatch(/^\r\[[#-]{24}\] +\d+% {2}[\d,]+ records {2}[\d,]+\/s {2}ETA /);
    expect(err).toContain('\r\x1b[K3000 records: ');
  });
});
