import { mkdtempSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, post, type Reply, rollout, startServe } from '../../../test/support/serve-process.js';

/**
 * Drain and reload under load, from outside the process: the real CLI, with
 * hundreds of requests in flight and arriving while the signal lands, half on
 * fresh connections and half on keep-alive ones. A reset connection or a
 * wrong reward fails the test.
 */
const dir = mkdtempSync(join(tmpdir(), 'userfn-serve-load-'));

// Rule set A scores the rollout below 0.75 (fails a-only); B scores it 2/7 (fails strict and b-fail).
// A request that saw half of one and half of the other would get neither pair.
const A = {
  rules: [
    { id: 'has-output', condition: "get('$.output') != null" },
    { id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8", weight: 2 },
    { id: 'a-only', condition: 'false' },
  ],
};
const B = {
  rules: [
    { id: 'has-output', condition: "get('$.output') != null" },
    { id: 'strict', condition: "get('$.output.confidence', 0) >= 0.95", weight: 2 },
    { id: 'b-extra', condition: 'true' },
    { id: 'b-fail', condition: 'false', weight: 3 },
  ],
};
const EXPECTED = { A: { reward: 0.75, failures: ['a-only'] }, B: { reward: 2 / 7, failures: ['strict', 'b-fail'] } };
const BODY = rollout('{"confidence": 0.9}');

type Outcome = { reply: Reply } | { error: string };
const settle = (p: Promise<Reply>): Promise<Outcome> =>
  p.then(
    (reply) => ({ reply }),
    (e: Error & { code?: string }) => ({ error: e.code ?? e.message }),
  );

/** Which rule set answered, from the reward and the failures together; `undefined` for anything else. */
function answeredBy(o: Outcome): 'A' | 'B' | undefined {
  if (!('reply' in o) || o.reply.status !== 200) return undefined;
  const body = o.reply.body as { reward: number; userfn: { failures: Array<{ rule: string }> } };
  const failures = body.userfn.failures.map((f) => f.rule);
  for (const k of ['A', 'B'] as const) {
    if (body.reward === EXPECTED[k].reward && JSON.stringify(failures) === JSON.stringify(EXPECTED[k].failures)) return k;
  }
  return undefined;
}

/** What went wrong with each outcome that is not a 200 from one whole rule set (empty when all is well). */
const problems = (outcomes: Outcome[], allowed: ReadonlyArray<'A' | 'B'>) =>
  outcomes.flatMap((o, i) => {
    const by = answeredBy(o);
    if (by && allowed.includes(by)) return [];
    return [`#${i}: ${'error' in o ? o.error : `${o.reply.status} ${JSON.stringify(o.reply.body).slice(0, 200)}`}`];
  });

const healthStatus = async (port: number) => (await call(port, 'GET', '/healthz')).status;

describe.each([1, 2])('userfn serve --workers %i under load', (workers) => {
  it('answers every request in flight or arriving while SIGTERM lands, then exits 0', async () => {
    const file = join(dir, `drain-${workers}.rules.json`);
    writeFileSync(file, JSON.stringify(A));
    // The drain period must outlast the sending of the requests below: connections that arrive after it,
    // once the listener is closed, are refused or reset by the kernel, whatever the server does. On this
    // machine under heavy load, 200 of them took more than 2.5 s to connect; 8 s leaves room.
    const s = await startServe(['--rules', file, '--workers', String(workers), '--drain-ms', '8000']);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 });
    const sent: Array<Promise<Outcome>> = [];
    const send = (n: number) => {
      for (let i = 0; i < n; i++) sent.push(settle(post(s.port, '/verify', BODY, sent.length % 2 === 0 ? false : keepAlive)));
    };
    try {
      await settle(post(s.port, '/verify', BODY, keepAlive)); // the keep-alive pool holds an idle connection
      send(200); // in flight when the signal lands
      s.child.kill('SIGTERM');
      send(100); // arriving with it
      await expect.poll(() => healthStatus(s.port)).toBe(503);
      const health = await call(s.port, 'GET', '/healthz');
      expect(health.body).toMatchObject({ status: 'draining', reason: 'SIGTERM' });
      expect(health.headers['connection']).toBe('close');
      send(100); // arriving after it, while the server reports not-ready
      const outcomes = await Promise.all(sent);
      expect(outcomes).toHaveLength(400);
      // Every request was answered before the drain period ended: had the machine been too slow to send
      // them in time, this says so rather than failing on the resets that follow.
      expect(s.logs(), 'the requests took longer to send than --drain-ms').not.toMatch(/listener closed/);
      expect(problems(outcomes, ['A'])).toEqual([]);
      // Answers given while draining close their connection.
      expect(outcomes.slice(300).every((o) => 'reply' in o && o.reply.headers['connection'] === 'close')).toBe(true);
      expect(await s.exit).toBe(0);
    } finally {
      keepAlive.destroy();
      s.child.kill('SIGKILL');
    }
  });

  it('answers every request during a SIGHUP reload from one whole rule set, the new one once reloaded', async () => {
    const file = join(dir, `reload-${workers}.rules.json`);
    writeFileSync(file, JSON.stringify(A));
    const s = await startServe(['--rules', file, '--workers', String(workers)]);
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 32 });
    const sent: Array<Promise<Outcome>> = [];
    const send = (n: number) => {
      for (let i = 0; i < n; i++) sent.push(settle(post(s.port, '/verify', BODY, sent.length % 2 === 0 ? false : keepAlive)));
    };
    try {
      send(200);
      writeFileSync(file, JSON.stringify(B));
      s.child.kill('SIGHUP');
      send(200);
      const during = await Promise.all(sent);
      expect(problems(during, ['A', 'B'])).toEqual([]);
      // Once the reload is logged as complete, every worker serves B.
      await expect.poll(() => s.logs()).toMatch(workers === 1 ? /reloaded / : /every worker serves it/);
      sent.length = 0;
      send(200);
      expect(problems(await Promise.all(sent), ['B'])).toEqual([]);
    } finally {
      keepAlive.destroy();
      s.child.kill('SIGKILL');
    }
  });
});

describe.each([1, 2])('userfn serve --workers %i stopping', (workers) => {
  it('finishes a request still arriving when the drain period ends and the listener closes, then exits 0', async () => {
    const file = join(dir, `inflight-${workers}.rules.json`);
    writeFileSync(file, JSON.stringify(A));
    const s = await startServe(['--rules', file, '--workers', String(workers), '--drain-ms', '200']);
    try {
      // A rollout whose body is half sent when SIGTERM lands, and the rest only once the listener has closed.
      const text = JSON.stringify(BODY);
      const half = Math.floor(text.length / 2);
      const slow = request({
        host: '127.0.0.1',
        port: s.port,
        method: 'POST',
        path: '/verify',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
      });
      const answer = new Promise<Outcome>((resolve) => {
        slow.on('response', (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ reply: { status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')), headers: res.headers } }),
          );
        });
        slow.on('error', (e: Error & { code?: string }) => resolve({ error: e.code ?? e.message }));
      });
      slow.write(text.slice(0, half));
      // The server holds the request (its first bytes are buffered) before the signal.
      await expect.poll(async () => ((await call(s.port, 'GET', '/healthz')).body as { buffered: { bytes: number } }).buffered.bytes).toBeGreaterThan(0);
      s.child.kill('SIGTERM');
      await expect.poll(() => s.logs()).toMatch(/listener closed; finishing requests in flight/);
      slow.end(text.slice(half));
      expect(problems([await answer], ['A'])).toEqual([]);
      expect(await s.exit).toBe(0);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('exits at once (1) on a second signal, without waiting for the drain, and no worker outlives it', async () => {
    const file = join(dir, `second-${workers}.rules.json`);
    writeFileSync(file, JSON.stringify(A));
    const s = await startServe(['--rules', file, '--workers', String(workers), '--drain-ms', '600000']);
    try {
      // The processes that serve: the workers' pids from /healthz (all of them, as connections are handed out in turn).
      const pids = new Set<number>([s.child.pid!]);
      if (workers > 1) {
        await expect.poll(async () => ((await call(s.port, 'GET', '/healthz')).body as { workers: { listening: number } }).workers.listening).toBe(workers);
        while (pids.size < workers + 1) pids.add(((await call(s.port, 'GET', '/healthz')).body as { worker: { pid: number } }).worker.pid);
      }
      s.child.kill('SIGINT');
      await expect.poll(() => healthStatus(s.port)).toBe(503);
      s.child.kill('SIGTERM');
      expect(await s.exit).toBe(1);
      expect(s.logs()).toContain('SIGTERM again: stopping now');
      const alive = (pid: number) => {
        try {
          process.kill(pid, 0);
          return true;
        } catch {
          return false;
        }
      };
      await expect.poll(() => [...pids].filter(alive)).toEqual([]);
    } finally {
      s.child.kill('SIGKILL');
    }
  });
});
