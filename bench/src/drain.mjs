/**
 * Issue 19's own measurement, repeated against `userfn serve` from outside:
 * n concurrent `POST /verify`, each on a new connection, sent a few
 * milliseconds before SIGTERM, at the same moment, or after it; how many are
 * answered 200 with the right reward, how many see a reset or another
 * connection error, and the exit code. The same again while SIGHUP swaps the
 * rule set for one with another reward: every answer must come from one whole
 * rule set. Before the drain was added, 50 requests sent 5 ms before SIGTERM
 * gave 21 answers and 29 resets, sent with it 2 answers and 48 resets.
 *
 *   node src/drain.mjs [--requests 50,400] [--workers 1,2] [--offsets -5,0,5] [--drain-ms ms]
 *
 * Writes results/drain.json and prints a markdown table. Not part of `npm run bench`.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { startServer } from './serve.mjs';
import { A, B, REWARD } from './swap-rules.mjs';

const { values } = parseArgs({
  options: { requests: { type: 'string' }, workers: { type: 'string' }, offsets: { type: 'string' }, 'drain-ms': { type: 'string' } },
});
const list = (v, d) => (v ?? d).split(',').map(Number);
const counts = list(values.requests, '50,400');
const workerCounts = list(values.workers, '1,2');
const offsets = list(values.offsets, '-5,0,5');
// --drain-ms 0 closes the listener at once, as serve did before the drain: the resets come back.
const drainArgs = values['drain-ms'] === undefined ? [] : ['--drain-ms', values['drain-ms']];
const log = (line) => process.stderr.write(`${line}\n`);

const BODY = Buffer.from(
  JSON.stringify({
    responses_create_params: { input: [{ role: 'user', content: 'refund please' }] },
    response: { output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '{"confidence": 0.9}' }] }] },
  }),
);

/** One POST /verify on a new connection: the rule set that answered, or what went wrong. */
const verify = (port) =>
  new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/verify',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': BODY.length },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('error', (e) => resolve(`response ${e.code ?? e.message}`));
        res.on('end', () => {
          if (res.statusCode !== 200) return resolve(`status ${res.statusCode}`);
          const reward = JSON.parse(Buffer.concat(chunks).toString('utf8')).reward;
          resolve(Object.keys(REWARD).find((k) => REWARD[k] === reward) ?? `reward ${reward}`);
        });
      },
    );
    req.on('error', (e) => resolve(e.code ?? e.message));
    req.end(BODY);
  });

const tally = (outcomes) => {
  const t = {};
  for (const o of outcomes) t[o] = (t[o] ?? 0) + 1;
  return t;
};
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const tmp = mkdtempSync(join(tmpdir(), 'userfn-drain-bench-'));
const rows = [];
try {
  for (const workers of workerCounts) {
    for (const n of counts) {
      for (const offset of offsets) {
        const rules = join(tmp, 'rules.json');
        writeFileSync(rules, JSON.stringify(A));
        const server = await startServer(rules, ['--workers', String(workers), ...drainArgs]);
        const exit = new Promise((resolve) => server.child.once('exit', (code, signal) => resolve(code ?? signal)));
        // Negative offset: the requests leave first; positive: SIGTERM first.
        if (offset > 0) {
          server.child.kill('SIGTERM');
          await sleep(offset);
        }
        const sent = Array.from({ length: n }, () => verify(server.port));
        if (offset < 0) await sleep(-offset);
        if (offset <= 0) server.child.kill('SIGTERM');
        const outcomes = await Promise.all(sent);
        const code = await exit;
        const t = tally(outcomes);
        rows.push({ test: 'SIGTERM', workers, requests: n, offsetMs: offset, answered: t.A ?? 0, outcomes: t, exitCode: code });
        log(`SIGTERM workers=${workers} n=${n} offset=${offset}: ${JSON.stringify(t)} exit ${code}`);
      }
      // SIGHUP to B with the requests in flight: each answer comes from A or B, never a mixture.
      const rules = join(tmp, 'rules.json');
      writeFileSync(rules, JSON.stringify(A));
      const server = await startServer(rules, ['--workers', String(workers)]);
      const sent = Array.from({ length: n }, () => verify(server.port));
      writeFileSync(rules, JSON.stringify(B));
      server.child.kill('SIGHUP');
      sent.push(...Array.from({ length: n }, () => verify(server.port)));
      const t = tally(await Promise.all(sent));
      server.child.kill('SIGKILL');
      rows.push({ test: 'SIGHUP', workers, requests: 2 * n, offsetMs: 0, answered: (t.A ?? 0) + (t.B ?? 0), outcomes: t, exitCode: null });
      log(`SIGHUP workers=${workers} n=${2 * n}: ${JSON.stringify(t)}`);
    }
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
writeFileSync(
  new URL(`../results/drain${drainArgs.length ? `-drain-ms-${values['drain-ms']}` : ''}.json`, import.meta.url),
  `${JSON.stringify({ date: new Date().toISOString(), loadavg: loadavg(), rows }, null, 2)}\n`,
);
console.log(
  '| signal | workers | requests | sent ms before the signal | answered right | other outcomes | exit |\n| --- | --- | --- | --- | --- | --- | --- |',
);
for (const r of rows) {
  const other = Object.entries(r.outcomes).filter(([k]) => !['A', 'B'].includes(k));
  console.log(
    `| ${r.test} | ${r.workers} | ${r.requests} | ${-r.offsetMs} | ${r.answered} | ${other.map(([k, v]) => `${v} ${k}`).join(', ') || 'none'} | ${r.exitCode ?? ''} |`,
  );
}
process.exitCode = rows.every((r) => r.answered === r.requests && (r.test !== 'SIGTERM' || r.exitCode === 0)) ? 0 : 1;
