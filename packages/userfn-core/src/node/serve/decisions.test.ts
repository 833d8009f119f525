import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, call, exited, post, startServer } from '../../../test/support/serve-client.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { loadRuleSet } from '../../rules/load.js';

const dir = mkdtempSync(join(tmpdir(), 'userfn-decisions-'));
const RULES = {
  name: 'refunds',
  max_retries: 1,
  rules: [
    { id: 'answers', condition: "get('$.output.text', '') != ''", retry_prompt: 'Answer the user.' },
    { id: 'no-delete', condition: "not called('delete_account')", on_fail: 'abort' },
  ],
};
const rulesFile = join(dir, 'refunds.rules.json');
writeFileSync(rulesFile, JSON.stringify(RULES));
const version = ruleSetVersion(loadRuleSet(RULES));
const logFile = join(dir, 'decisions.jsonl');

const rollout = (text: string, calls: string[] = []) => ({
  responses_create_params: { input: [{ role: 'user', content: 'refund please' }] },
  response: {
    output: [
      ...calls.map((name, i) => ({ type: 'function_call', name, arguments: '{}', call_id: `c${i}` })),
      { type: 'message', role: 'assistant', content: [{ type: 'output_text', text }] },
    ],
  },
});

const logLines = () =>
  existsSync(logFile)
    ? readFileSync(logFile, 'utf8')
        .trimEnd()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record<string, unknown>)
    : [];

describe('userfn serve: versions, decisions and the decision log', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(['--rules', rulesFile, '--decision-log', logFile]);
  });
  afterAll(() => {
    server.child.kill('SIGKILL');
  });

  it('names the rule set (name and hash) on /rules, /verify and /verify-context, and at start', async () => {
    const rules = (await call(server.port, 'GET', '/rules')).body as Record<string, unknown>;
    expect(rules).toMatchObject({ name: 'refunds', hash: version.hash, max_retries: 1 });
    expect((rules['rules'] as Array<{ on_fail: string }>).map((r) => r.on_fail)).toEqual(['retry', 'abort']);
    expect(((await post(server.port, '/verify', rollout('hi'))).body as { userfn: { rule_set: unknown } }).userfn.rule_set).toEqual(version);
    expect(((await post(server.port, '/verify-context', { output: { text: 'hi' } })).body as { rule_set: unknown }).rule_set).toEqual(version);
  });

  it('decides: accept, retry with the prompt, abort past max_retries (?attempt=N) or on an abort rule', async () => {
    const trace = async (path: string, body: unknown) => ((await post(server.port, path, body)).body as { userfn: Record<string, unknown> }).userfn;
    expect(await trace('/verify', rollout('hi'))).toMatchObject({ decision: 'accept', attempt: 1 });
    expect(await trace('/verify', rollout(''))).toMatchObject({ decision: 'retry', retry_prompt: 'Answer the user.', attempt: 1 });
    expect(await trace('/verify?attempt=2', rollout(''))).toMatchObject({ decision: 'abort', attempt: 2 });
    expect(await trace('/verify', rollout('hi', ['delete_account']))).toMatchObject({ decision: 'abort' });
    const ctx = await post(server.port, '/verify-context?attempt=1&session=s-9', { output: {} });
    expect(ctx.body).toMatchObject({ passed: false, decision: 'retry', retry_prompt: 'Answer the user.', attempt: 1 });
    const bad = await post(server.port, '/verify-context?attempt=zero', { output: {} });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'invalid_request', message: "`attempt` must be a whole number >= 1, got 'zero'" } } });
  });

  it('appends one JSON line per verification to --decision-log, and reopens it on SIGHUP (log rotation)', async () => {
    // Found by its session, not by counting lines: the lines of the tests before may still be on their way
    // to the file (the log is a buffered stream), and a count taken now would miss them (it did, under load).
    await post(server.port, '/verify-context?session=ses-42&attempt=2', { output: {}, tool_calls: [{ name: 'delete_account' }] });
    await expect.poll(() => logLines().filter((l) => l['session'] === 'ses-42').length).toBe(1);
    const entry = logLines().find((l) => l['session'] === 'ses-42')!;
    const before = logLines().length;
    expect(Object.keys(entry)).toEqual(['time', 'endpoint', 'rule_set', 'session', 'attempt', 'passed', 'score', 'decision', 'failed', 'duration_ms']);
    expect(entry).toMatchObject({
      endpoint: '/verify-context',
      rule_set: version,
      session: 'ses-42',
      attempt: 2,
      passed: false,
      score: 0,
      decision: 'abort',
      failed: ['answers', 'no-delete'],
    });
    expect(Date.parse(entry['time'] as string)).not.toBeNaN();
    expect(entry['duration_ms']).toBeGreaterThanOrEqual(0);
    // The session defaults to $.session.key.
    await post(server.port, '/verify-context', { session: { key: 'from-context' }, output: { text: 'x' } });
    await expect.poll(() => logLines().at(-1)?.['session']).toBe('from-context');

    // Rotation: move the file away, SIGHUP, and the next line goes to a new file under the old name.
    const rotated = join(dir, 'decisions.jsonl.1');
    renameSync(logFile, rotated);
    server.child.kill('SIGHUP');
    await expect.poll(() => server.logs()).toContain(`reopened ${logFile}`);
    await post(server.port, '/verify', rollout('hi'));
    await expect.poll(() => logLines().length).toBe(1);
    expect(logLines()[0]).toMatchObject({ endpoint: '/verify', session: null, decision: 'accept' });
    expect(readFileSync(rotated, 'utf8').trimEnd().split('\n').length).toBeGreaterThan(before);
  });

  it('a new rule set after SIGHUP has a new hash on every result', async () => {
    writeFileSync(rulesFile, JSON.stringify({ ...RULES, rules: [...RULES.rules, { id: 'extra', condition: 'true' }] }));
    server.child.kill('SIGHUP');
    await expect.poll(async () => ((await call(server.port, 'GET', '/rules')).body as { hash: string }).hash).not.toBe(version.hash);
    const now = ((await call(server.port, 'GET', '/rules')).body as { hash: string }).hash;
    expect(((await post(server.port, '/verify-context', {})).body as { rule_set: { hash: string } }).rule_set.hash).toBe(now);
  });
});

describe('userfn serve --decision-log that cannot be written', () => {
  it('exits 2 at once, naming the file', async () => {
    const child = spawn(process.execPath, [BIN, 'serve', '--rules', rulesFile, '--port', '0', '--decision-log', join(dir, 'no', 'such', 'dir', 'log.jsonl')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await exited(child)).toBe(2);
    expect(err).toContain('cannot write the decision log');
    expect(err).toContain('no such file');
  });
});
