import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, call, post, type Reply, rollout, startServe } from '../../../test/support/serve-process.js';

const dir = mkdtempSync(join(tmpdir(), 'userfn-serve-'));
const rulesFile = join(dir, 'support.rules.json');
const RULES = {
  profile: 'verification',
  rules: [
    { id: 'has-output', condition: "get('$.output') != null", message: 'The agent produced no output.' },
    { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", message: 'Confidence below 0.8', weight: 2 },
    { id: 'no-delete', condition: "not called('delete_account')", message: 'delete_account must not run', severity: 'warning' },
  ],
};
writeFileSync(rulesFile, JSON.stringify(RULES));

/** Posts a raw body (or none) with a content type; the shared helper takes options. */
const callRaw = (port: number, method: string, path: string, body?: string, contentType?: string) =>
  call(port, method, path, { ...(body !== undefined ? { body } : {}), ...(contentType ? { contentType } : {}) });

const startServer = startServe;

const exited = (child: ChildProcess) => new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

describe('userfn serve', () => {
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    server = await startServer(['--rules', rulesFile, '--body-limit', '4096']);
  });
  afterAll(() => {
    server.child.kill('SIGKILL');
  });

  it('GET /healthz and /rules', async () => {
    expect(await call(server.port, 'GET', '/healthz')).toMatchObject({ status: 200, body: { status: 'ok', rules: 3 } });
    const rules = await call(server.port, 'GET', '/rules');
    expect((rules.body as { rules: Array<{ id: string }> }).rules.map((r) => r.id)).toEqual(['has-output', 'confident', 'no-delete']);
  });

  it('POST /verify returns the rollout with the reward and a trace', async () => {
    const good = await post(server.port, '/verify', rollout('{"confidence": 0.93}'));
    expect(good.status).toBe(200);
    expect(good.body).toMatchObject({ reward: 1, extra: { kept: true }, userfn: { passed: true, failures: [], warnings: [] } });
    const bad = await post(server.port, '/verify', rollout('{"confidence": 0.5}', [{ name: 'delete_account' }]));
    const b = bad.body as {
      reward: number;
      userfn: { passed: boolean; failures: Array<{ rule: string; explanation: string }>; warnings: Array<{ rule: string }> };
    };
    expect(b.reward).toBe(0.25);
    expect(b.userfn.passed).toBe(false);
    expect(b.userfn.failures.map((f) => f.rule)).toEqual(['confident']);
    expect(b.userfn.failures[0]!.explanation).toContain('= 0.5');
    expect(b.userfn.warnings.map((w) => w.rule)).toEqual(['no-delete']);
  });

  it('POST /verify maps a list of turns (aviary) and answers a rollout it cannot map with a 400 naming where', async () => {
    const message = { type: 'message', role: 'assistant', id: 'm1', content: [{ type: 'output_text', text: '{"confidence": 0.9}' }] };
    const call = { type: 'function_call', name: 'delete_account', arguments: '{}', call_id: 'c1' };
    const turns = await post(server.port, '/verify', { responses_create_params: {}, response: { output: [[call], [call, message]], status: null } });
    expect(turns.body).toMatchObject({ reward: 0.75, userfn: { passed: true, warnings: [{ rule: 'no-delete' }] } });
    const mixed = await post(server.port, '/verify', { responses_create_params: {}, response: { output: [[call], message] } });
    expect(mixed.status).toBe(400);
    expect((mixed.body as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'invalid_request',
      message: expect.stringContaining('response.output mixes turns and items'),
    });
  });

  it('POST /seed_session is accepted (NeMo Gym calls it before a rollout)', async () => {
    expect(await post(server.port, '/seed_session', {})).toMatchObject({ status: 200, body: {} });
  });

  it('POST /verify-context gives the verify() result', async () => {
    const r = await post(server.port, '/verify-context', { output: { confidence: 0.9 }, tool_calls: [] });
    expect(r.body).toMatchObject({ passed: true, score: 1 });
    expect((r.body as { results: unknown[] }).results).toHaveLength(3);
  });

  it('POST /evaluate gives a value, an explanation, or a 400 with the UserFn error', async () => {
    expect((await post(server.port, '/evaluate', { expression: '1 + 2', profile: 'any' })).body).toEqual({ value: 3, type: 'number' });
    const ex = await post(server.port, '/evaluate', { expression: "get('$.n') > 3", context: { n: 1 }, explain: true });
    expect((ex.body as { explanation: { reason: string } }).explanation.reason).toBe("get('$.n') > 3 was false: get('$.n') = 1");
    const now = await post(server.port, '/evaluate', { expression: 'to_string(now())', profile: 'any', now: '2026-01-01T00:00:00Z' });
    expect(now.body).toEqual({ value: '2026-01-01T00:00:00Z', type: 'string' });
    const err = await post(server.port, '/evaluate', { expression: '1 / 0', profile: 'any' });
    expect(err.status).toBe(400);
    expect((err.body as { error: { code: string; line: number } }).error).toMatchObject({ kind: 'runtime', code: 'UF3002', line: 1, column: 1 });
  });

  it('answers bad requests with a 4xx naming the problem', async () => {
    const codeOf = (r: Reply) => [r.status, (r.body as { error: { code: string } }).error.code];
    expect(codeOf(await callRaw(server.port, 'POST', '/verify', '{nope'))).toEqual([400, 'invalid_json']);
    expect(codeOf(await callRaw(server.port, 'POST', '/verify', '{}', 'text/plain'))).toEqual([415, 'unsupported_media_type']);
    expect(codeOf(await callRaw(server.port, 'POST', '/verify', JSON.stringify({ big: 'x'.repeat(10_000) })))).toEqual([413, 'body_too_large']);
    expect(codeOf(await post(server.port, '/verify', [1, 2]))).toEqual([400, 'invalid_request']);
    expect(codeOf(await post(server.port, '/verify', { responses_create_params: {} }))).toEqual([400, 'invalid_request']);
    expect(codeOf(await post(server.port, '/evaluate', { context: {} }))).toEqual([400, 'invalid_request']);
    expect(codeOf(await post(server.port, '/evaluate', { expression: '1', explain: 'yes' }))).toEqual([400, 'invalid_request']);
    for (const response of [{}, 42, null, { output: 'x' }]) {
      const r = await post(server.port, '/verify', { responses_create_params: {}, response });
      expect([JSON.stringify(response), ...codeOf(r)]).toEqual([JSON.stringify(response), 400, 'invalid_request']);
      expect((r.body as { error: { message: string } }).error.message).toContain('response.output');
    }
    expect(codeOf(await call(server.port, 'GET', '/verify'))).toEqual([405, 'method_not_allowed']);
    expect(codeOf(await call(server.port, 'GET', '/nowhere'))).toEqual([404, 'not_found']);
    // and it keeps serving
    expect((await call(server.port, 'GET', '/healthz')).status).toBe(200);
  });

  it('answers hundreds of concurrent requests, each correctly', async () => {
    const replies = await Promise.all(
      Array.from({ length: 300 }, (_, i) => post(server.port, '/verify', rollout(JSON.stringify({ confidence: (i % 10) / 10 })))),
    );
    replies.forEach((r, i) => {
      const confident = (i % 10) / 10 >= 0.8;
      expect((r.body as { reward: number }).reward).toBe(confident ? 1 : 0.5);
    });
  });
});

describe('userfn serve lifecycle', () => {
  it('reloads the rule set on SIGHUP, keeping the old one when the new one is invalid', async () => {
    const file = join(dir, 'reload.rules.json');
    writeFileSync(file, JSON.stringify(RULES));
    const s = await startServer(['--rules', file]);
    try {
      writeFileSync(file, JSON.stringify({ rules: [{ id: 'only', condition: 'true' }] }));
      s.child.kill('SIGHUP');
      await expect.poll(async () => ((await call(s.port, 'GET', '/healthz')).body as { rules: number }).rules).toBe(1);
      writeFileSync(file, JSON.stringify({ rules: [{ id: 'broken', condition: 'lenght(1)' }] }));
      s.child.kill('SIGHUP');
      await expect.poll(() => s.logs()).toContain('still serving the previous rule set');
      expect(((await call(s.port, 'GET', '/healthz')).body as { rules: number }).rules).toBe(1);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('finishes a request still arriving when the listener closes, then exits 0', async () => {
    const s = await startServer(['--rules', rulesFile, '--drain-ms', '0']);
    // A request whose body is still arriving when the listener closes must still be answered.
    let finish!: () => void;
    let received!: () => void;
    // Expect: 100-continue: the server's "100 Continue" says it has the request (its 'request' event has run).
    const serverHasIt = new Promise<void>((resolve) => (received = resolve));
    const pending = new Promise<Reply>((resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port: s.port, method: 'POST', path: '/verify-context', headers: { 'content-type': 'application/json', expect: '100-continue' } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()), headers: res.headers }));
        },
      );
      req.on('error', reject);
      req.on('continue', () => {
        req.write('{"output": ');
        received();
      });
      req.flushHeaders();
      finish = () => req.end('{"confidence": 0.95}}');
    });
    await serverHasIt;
    s.child.kill('SIGTERM');
    await expect.poll(() => s.logs()).toContain('listener closed');
    finish();
    const reply = await pending;
    expect(reply.status).toBe(200);
    expect(reply.headers['connection']).toBe('close');
    expect((reply.body as { passed: boolean }).passed).toBe(true);
    expect(await s.exit).toBe(0);
  });

  it('exits 2 with every problem of an invalid rule set', async () => {
    const file = join(dir, 'bad.rules.json');
    writeFileSync(
      file,
      JSON.stringify({
        rules: [
          { id: 'a', condition: 'lenght(1)' },
          { id: 'a', condition: '' },
        ],
      }),
    );
    const child = spawn(process.execPath, [BIN, 'serve', '--rules', file, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    expect(await exited(child)).toBe(2);
    expect(err).toContain("did you mean 'length'?");
    expect(err).toMatch(/duplicate/i);
  });
});
