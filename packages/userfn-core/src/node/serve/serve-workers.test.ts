import { mkdtempSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, post, rollout, startServe } from '../../../test/support/serve-process.js';
import type { Io } from '../cli/io.js';
import { main } from '../cli/main.js';

/** `userfn serve --workers`: processes sharing one port, watched by a primary. From outside, with the real CLI. */
const dir = mkdtempSync(join(tmpdir(), 'userfn-serve-workers-'));
const rulesFile = join(dir, 'rules.json');
writeFileSync(rulesFile, JSON.stringify({ rules: [{ id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8" }] }));

interface Health {
  status: string;
  worker: { id: number; pid: number };
  workers: { configured: number; listening: number; restarts: number };
}
// A connection the primary hands to a worker at the instant it is killed is never answered (Node's
// cluster keeps it open, waiting for the dead worker's reply): a client times out and retries, as these polls do.
const health = async (port: number) => (await call(port, 'GET', '/healthz', { timeoutMs: 5000 })).body as Health;

describe('userfn serve --workers', () => {
  it('shares the port between the workers (auto: one per core), and /healthz reports them', async () => {
    // `auto` is one worker per core; with a single core it would be one process and no cluster.
    const cores = availableParallelism();
    const s = await startServe(['--rules', rulesFile, '--workers', cores >= 2 ? 'auto' : '2']);
    const n = Math.max(cores, 2);
    try {
      // The status reaches each worker just after the last one listens.
      await expect.poll(async () => (await health(s.port)).workers).toEqual({ configured: n, listening: n, restarts: 0 });
      // Connections are handed out in turn: every worker answers.
      const pids = new Set<number>();
      for (let i = 0; i < 10 * n && pids.size < n; i++) pids.add((await health(s.port)).worker.pid);
      expect(pids.size).toBe(n);
      expect(pids.has(s.child.pid!)).toBe(false);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('replaces a worker that dies, logs it, and keeps serving', async () => {
    const s = await startServe(['--rules', rulesFile, '--workers', '2']);
    try {
      await expect.poll(async () => (await health(s.port)).workers.listening).toBe(2);
      const victim = (await health(s.port)).worker.pid;
      process.kill(victim, 'SIGKILL');
      await expect.poll(async () => (await health(s.port)).workers).toEqual({ configured: 2, listening: 2, restarts: 1 });
      expect(s.logs()).toMatch(new RegExp(`worker \\d+ \\(pid ${victim}\\) exited \\(signal SIGKILL\\); starting a new one`));
      const replies = await Promise.all(Array.from({ length: 50 }, () => post(s.port, '/verify', rollout('{"confidence": 0.9}'))));
      expect(replies.map((r) => [r.status, (r.body as { reward: number }).reward])).toEqual(replies.map(() => [200, 1]));
      const pids = new Set<number>();
      for (let i = 0; i < 20 && pids.size < 2; i++) pids.add((await health(s.port)).worker.pid);
      expect(pids.has(victim)).toBe(false);
    } finally {
      s.child.kill('SIGKILL');
    }
  });

  it('refuses a --workers that is not auto or a whole number from 1 (usage error, exit 2)', async () => {
    for (const bad of ['0', 'two', '1.5', '257']) {
      let err = '';
      const io: Io = { out: () => {}, err: (t) => void (err += t), stdoutIsTTY: false, stderrIsTTY: false };
      const code = await main(['serve', '--rules', rulesFile, '--workers', bad], io);
      expect([bad, code, err]).toEqual([bad, 2, expect.stringContaining(`--workers must be auto or a whole number from 1 to 256, got '${bad}'`)]);
    }
  });
});
