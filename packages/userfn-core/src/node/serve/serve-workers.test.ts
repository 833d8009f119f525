import { existsSync, mkdtempSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { call, post, rollout, startServe } from '../../../test/support/serve-process.js';
import { askedIds, startJudgeEndpoint, verdicts } from '../../../test/support/judge-endpoint.js';
import { ruleSetVersion } from '../../rules/fingerprint.js';
import { loadRuleSet } from '../../rules/load.js';
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

  it('serves judge rules and writes the decision log from every worker: one whole line per verification, reopened on SIGHUP', async () => {
    const JUDGED = {
      rules: [
        { id: 'answered', condition: "get('$.output.text') != null" },
        { id: 'helpful', judge: { prompt: 'Helpful?' }, weight: 2 },
      ],
    };
    const judgedFile = join(dir, 'judged.rules.json');
    writeFileSync(judgedFile, JSON.stringify(JUDGED));
    const version = ruleSetVersion(loadRuleSet(JUDGED));
    const logFile = join(dir, 'decisions.jsonl');
    // helpful when the reply says "fix"
    const endpoint = await startJudgeEndpoint(verdicts((_id, r) => ({ pass: /fix/.test(r.body.messages[1]!.content) })));
    const s = await startServe(['--rules', judgedFile, '--workers', '2', '--judge-url', endpoint.url, '--judge-model', 'm', '--decision-log', logFile]);
    const lines = (file: string) =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((l) => JSON.parse(l) as { session: string; score: number; rule_set: unknown })
        : [];
    try {
      await expect.poll(async () => (await health(s.port)).workers.listening).toBe(2);
      const texts = Array.from({ length: 40 }, (_, i) => (i % 2 === 0 ? `here is the fix ${i}` : `no idea ${i}`));
      const replies = await Promise.all(texts.map((t, i) => post(s.port, `/verify?session=s${i}`, rollout(t))));
      // the judge's verdict is in every reward: 1 when helpful, 1/3 when not
      expect(replies.map((r) => (r.body as { reward: number }).reward)).toEqual(texts.map((_, i) => (i % 2 === 0 ? 1 : 1 / 3)));
      expect(endpoint.requests.map(askedIds).every((ids) => ids.join() === 'helpful')).toBe(true);
      // both workers answered
      const pids = new Set<number>();
      for (let i = 0; i < 20 && pids.size < 2; i++) pids.add((await health(s.port)).worker.pid);
      expect(pids.size).toBe(2);
      // one whole JSON line per verification, from both workers (the write is not awaited by the answer)
      await expect.poll(() => lines(logFile).length).toBe(40);
      const logged = lines(logFile);
      expect(new Set(logged.map((l) => l.session)).size).toBe(40);
      for (const l of logged) expect(l).toMatchObject({ rule_set: version, score: Number(l.session.slice(1)) % 2 === 0 ? 1 : 1 / 3 });
      // rotation: the file is moved away, SIGHUP reaches the primary, every worker reopens the path
      renameSync(logFile, `${logFile}.1`);
      s.child.kill('SIGHUP');
      await expect.poll(() => s.logs()).toMatch(/every worker serves it/);
      await Promise.all(Array.from({ length: 10 }, (_, i) => post(s.port, `/verify-context?session=n${i}`, { output: { text: 'fix' } })));
      await expect.poll(() => lines(logFile).length).toBe(10);
      expect(lines(`${logFile}.1`)).toHaveLength(40);
      expect(lines(logFile).every((l) => l.session.startsWith('n'))).toBe(true);
    } finally {
      s.child.kill('SIGKILL');
      await endpoint.close();
    }
  });

  it('refuses to reload a rule set with judge rules when started without --judge-url, and keeps serving the previous one', async () => {
    const file = join(dir, 'reload.rules.json');
    writeFileSync(file, JSON.stringify({ rules: [{ id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8" }] }));
    for (const workers of ['1', '2']) {
      const s = await startServe(['--rules', file, '--workers', workers]);
      try {
        writeFileSync(file, JSON.stringify({ rules: [{ id: 'helpful', judge: { prompt: 'Helpful?' } }] }));
        s.child.kill('SIGHUP');
        await expect
          .poll(() => s.logs())
          .toMatch(
            /reload of .* failed; still serving the previous rule set:\n.*it has judge rules \(helpful\) and the server was started without --judge-url/,
          );
        expect(((await post(s.port, '/verify', rollout('{"confidence": 0.9}'))).body as { reward: number }).reward).toBe(1);
      } finally {
        s.child.kill('SIGKILL');
        writeFileSync(file, JSON.stringify({ rules: [{ id: 'confident', condition: "get('$.output.confidence', 0) >= 0.8" }] }));
      }
    }
  });
});
