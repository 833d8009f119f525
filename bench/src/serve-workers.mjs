/**
 * `userfn serve --workers n` against worker threads behind one listener
 * (serve-threads.mjs), for n = 1 and 2, on this machine: requests/s and
 * p50/p95/p99 latency of POST /verify (the W9 rules, one NeMo Gym rollout),
 * every response checked (status 200 and the expected reward). The load
 * generator runs in this process, on the same cores: on a 2-core machine it
 * takes a share of the CPU the servers would have.
 *
 *   node src/serve-workers.mjs [--requests 5000] [--concurrency 32] [--rounds 2]
 *
 * Writes results/serve-workers.json and prints a markdown table.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { loadRuleSet, nemoGymToContext, verify } from '@userfn/core';
import { ruleSetOf } from './rulesets.mjs';
import { rolloutOf, runServe } from './serve.mjs';
import { loadWorkloads } from './workloads.mjs';

const { values } = parseArgs({ options: { requests: { type: 'string' }, concurrency: { type: 'string' }, rounds: { type: 'string' } } });
const requests = Number(values.requests ?? 5000);
const concurrency = Number(values.concurrency ?? 32);
const rounds = Number(values.rounds ?? 2);
const log = (line) => process.stderr.write(`${line}\n`);

const bench = loadWorkloads();
const w9 = bench.workloads.find((w) => w.id === 'W9');
const expectedReward = verify(loadRuleSet(ruleSetOf(w9)), nemoGymToContext(rolloutOf(bench.context)), { now: bench.now }).score;
const THREADS = [fileURLToPath(new URL('./serve-threads.mjs', import.meta.url))];

const kinds = [
  { id: 'cluster', what: 'userfn serve --workers n (Node cluster: n processes, the primary hands out connections)', command: undefined },
  { id: 'threads', what: 'one listener on the main thread, n worker threads verifying (serve-threads.mjs)', command: THREADS },
];
const results = {};
// Rounds interleave the configurations, so that a burst of load from elsewhere falls on all of them; the best round counts.
for (let round = 0; round < rounds; round++) {
  for (const kind of kinds) {
    for (const workers of [1, 2]) {
      const r = await runServe({ workload: w9, context: bench.context, expectedReward, requests, concurrency, log, workers, command: kind.command });
      if (!r.available) throw new Error(`${kind.id} ${workers}: ${r.reason}`);
      const key = `${kind.id}-${workers}`;
      if (!results[key] || r.requestsPerSecond > results[key].requestsPerSecond) results[key] = { kind: kind.id, ...r, rounds: results[key]?.rounds ?? [] };
      results[key].rounds.push({ requestsPerSecond: r.requestsPerSecond, serverCpuMsPerRequest: r.serverCpuMsPerRequest });
    }
  }
}
const out = {
  date: new Date().toISOString(),
  machine: { cpus: cpus().length, loadavg: loadavg() },
  method: `${requests} requests after a warm-up, ${concurrency} in flight on keep-alive connections, best of ${rounds} interleaved rounds`,
  kinds: Object.fromEntries(kinds.map((k) => [k.id, k.what])),
  results,
};
writeFileSync(new URL('../results/serve-workers.json', import.meta.url), `${JSON.stringify(out, null, 2)}\n`);
const f = (x) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));
console.log('| server | workers | requests/s | p50 ms | p95 ms | p99 ms | server CPU ms / request |\n| --- | --- | --- | --- | --- | --- | --- |');
for (const r of Object.values(results)) {
  const cpu = r.serverCpuMsPerRequest === null ? 'n/a' : r.serverCpuMsPerRequest.toFixed(3);
  console.log(`| ${r.kind} | ${r.workers} | ${f(r.requestsPerSecond)} | ${f(r.latencyMs.p50)} | ${f(r.latencyMs.p95)} | ${f(r.latencyMs.p99)} | ${cpu} |`);
}
