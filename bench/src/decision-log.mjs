/**
 * Does `userfn serve --decision-log` slow `POST /verify`? The serve figure
 * (src/serve.mjs: the W9 rules, one rollout, 16 requests in flight) without
 * and with a decision log, in alternating rounds so that drift on a shared
 * machine hits both alike; the log must end with exactly one line per
 * request. On a loaded machine the rounds' spread is larger than any
 * difference, so the cost of one log entry (JSON.stringify and a stream
 * write, what the request pays) is also measured in this process and set
 * beside the time a request takes. Not part of `npm run bench` (run it alone):
 *
 *   node src/decision-log.mjs [--requests=N] [--rounds=N]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadRuleSet, nemoGymToContext, verify } from '@userfn/core';
import { DecisionLog } from '@userfn/core/node';
import { ruleSetOf } from './rulesets.mjs';
import { rolloutOf, runServe } from './serve.mjs';
import { median } from './stats.mjs';
import { loadWorkloads } from './workloads.mjs';

const arg = (name, fallback) => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1] ?? fallback);
const requests = arg('requests', 10_000);
const rounds = arg('rounds', 3);
const concurrency = 16;

const bench = loadWorkloads();
const w9 = bench.workloads.find((w) => w.id === 'W9');
const expectedReward = verify(loadRuleSet(ruleSetOf(w9)), nemoGymToContext(rolloutOf(bench.context)), { now: bench.now }).score;
const log = (line) => process.stderr.write(`${line}\n`);
const tmp = mkdtempSync(join(tmpdir(), 'userfn-decision-log-bench-'));

const figures = { without: [], with: [] };
try {
  for (let round = 1; round <= rounds; round++) {
    for (const mode of round % 2 ? ['without', 'with'] : ['with', 'without']) {
      const file = join(tmp, `round${round}.jsonl`);
      const r = await runServe({
        workload: w9,
        context: bench.context,
        expectedReward,
        requests,
        concurrency,
        log,
        extraArgs: mode === 'with' ? ['--decision-log', file] : [],
      });
      if (!r.available) throw new Error(r.reason);
      if (mode === 'with') {
        // the warm-up's requests are logged too
        const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
        const expected = requests + Math.min(2000, requests);
        if (lines.length !== expected) throw new Error(`the decision log has ${lines.length} lines, expected ${expected}`);
        JSON.parse(lines.at(-1));
      }
      figures[mode].push(r);
      log(
        `round ${round} ${mode.padEnd(7)} ${Math.round(r.requestsPerSecond)} req/s  p50 ${r.latencyMs.p50.toFixed(2)} ms  p99 ${r.latencyMs.p99.toFixed(2)} ms`,
      );
    }
  }
  figures.entry = await entryCost(100_000);
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

/** Microseconds per entry written by the server's DecisionLog (to a file, flushed before the clock stops). */
async function entryCost(entries) {
  const dl = new DecisionLog(join(tmp, 'micro.jsonl'), log);
  const entry = {
    time: new Date().toISOString(),
    endpoint: '/verify',
    rule_set: { name: 'w9', hash: 'sha256:0123456789abcdef' },
    session: 'ses_000123',
    attempt: 1,
    passed: false,
    score: 0.7,
    decision: 'retry',
    failed: ['a', 'b'],
    duration_ms: 0.0123,
  };
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < entries; i++) dl.write(entry);
  const queued = Number(process.hrtime.bigint() - t0) / 1e3 / entries;
  await dl.close();
  const flushed = Number(process.hrtime.bigint() - t0) / 1e3 / entries;
  return { queuedUs: queued, flushedUs: flushed };
}

const summary = (rs) => ({
  requestsPerSecond: median(rs.map((r) => r.requestsPerSecond)),
  p50: median(rs.map((r) => r.latencyMs.p50)),
  p99: median(rs.map((r) => r.latencyMs.p99)),
});
const a = summary(figures.without);
const b = summary(figures.with);
const result = {
  requests,
  rounds,
  concurrency,
  without: a,
  with: b,
  throughputRatio: b.requestsPerSecond / a.requestsPerSecond,
  entryUs: figures.entry,
  // one entry's cost over the server's time per request (1 / the slower median throughput)
  entryShareOfRequest: figures.entry.flushedUs / (1e6 / Math.min(a.requestsPerSecond, b.requestsPerSecond)),
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
