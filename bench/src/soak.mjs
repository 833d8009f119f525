/**
 * Soak test of `userfn serve` (not part of `npm test`): a fixed number of
 * requests in flight for a fixed time against one server, mixing valid
 * rollouts, invalid requests and oversized bodies; one SIGHUP (to a rule set
 * with another reward) part-way, one SIGTERM at the end with requests still
 * arriving. Every answer is checked. Reports requests served, answers by
 * status, connection errors, wrong answers, the server's memory (RSS of all
 * its processes) after the warm-up and at the end, and that it never
 * restarted; exits 1 if any check fails.
 *
 *   node src/soak.mjs [--seconds 600] [--concurrency 16] [--workers 1] [--max-growth-mib 64]
 *
 * Writes results/soak.json.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { rolloutOf, startServer } from './serve.mjs';
import { A, B, REWARD } from './swap-rules.mjs';
import { loadWorkloads } from './workloads.mjs';

const { values } = parseArgs({
  options: { seconds: { type: 'string' }, concurrency: { type: 'string' }, workers: { type: 'string' }, 'max-growth-mib': { type: 'string' } },
});
const seconds = Number(values.seconds ?? 600);
const concurrency = Number(values.concurrency ?? 16);
const workers = Number(values.workers ?? 1);
const maxGrowthMiB = Number(values['max-growth-mib'] ?? 64);
const BODY_LIMIT = 256 * 1024; // small, so that oversized bodies are cheap to send many times
const log = (line) => process.stderr.write(`${new Date().toISOString()} ${line}\n`);

/** RSS in MiB of a process and its child processes, from /proc. */
function rssMiB(pid) {
  const rss = (p) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))[1]) / 1024;
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  return [pid, ...children].reduce((sum, p) => sum + rss(p), 0);
}

const { context } = loadWorkloads();
const valid = Buffer.from(JSON.stringify(rolloutOf(context)));
const KINDS = [
  // [share, name, path, body, check(status, body)]
  [80, 'valid', '/verify', valid, null],
  [5, 'bad-json', '/verify', Buffer.from('{"response": '), (s, b) => s === 400 && b.error?.code === 'invalid_json'],
  [5, 'no-response', '/verify', Buffer.from('{"responses_create_params": {}}'), (s, b) => s === 400 && b.error?.code === 'invalid_request'],
  [5, 'bad-expression', '/evaluate', Buffer.from('{"expression": "lenght(1)"}'), (s, b) => s === 400 && b.error?.code === 'UF2001'],
  [5, 'oversized', '/verify', Buffer.from(JSON.stringify({ pad: 'x'.repeat(BODY_LIMIT + 1024) })), (s, b) => s === 413 && b.error?.code === 'body_too_large'],
];
const deck = KINDS.flatMap((k) => Array(k[0]).fill(k));

function post(agent, port, path, body, method = 'POST') {
  return new Promise((resolve, reject) => {
    const headers = body ? { 'content-type': 'application/json', 'content-length': body.length } : {};
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const tmp = mkdtempSync(join(tmpdir(), 'userfn-soak-'));
const rulesPath = join(tmp, 'rules.json');
writeFileSync(rulesPath, JSON.stringify(A));
const server = await startServer(rulesPath, ['--workers', String(workers), '--body-limit', String(BODY_LIMIT)]);
let serverLog = '';
server.child.stderr.on('data', (c) => (serverLog += c));
let sigtermSent = false;
let diedEarly = false; // the server process exited before the SIGTERM: with one process, that is a crash (nothing restarts it)
const exited = new Promise((resolve) =>
  server.child.once('exit', (code, signal) => {
    diedEarly = !sigtermSent;
    resolve(code ?? signal);
  }),
);
const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

const stats = { sent: 0, byStatus: {}, byKind: {}, connectionErrors: {}, wrong: [], servedBy: { A: 0, B: 0 } };
let phase = 'A'; // which rule sets may answer: 'A', 'A|B' once SIGHUP is sent, 'B' once the reload is logged complete
let stopping = false;
let n = 0;
async function lane() {
  while (!stopping) {
    const [, kind, path, body, check] = deck[n++ % deck.length];
    const sentIn = phase;
    stats.sent++;
    stats.byKind[kind] = (stats.byKind[kind] ?? 0) + 1;
    try {
      const r = await post(agent, server.port, path, body);
      stats.byStatus[r.status] = (stats.byStatus[r.status] ?? 0) + 1;
      const parsed = JSON.parse(r.text);
      // A request sent before the reload may be served after it: what was allowed when it left or when it came back.
      const allowed = `${sentIn}|${phase}`;
      if (check) {
        if (!check(r.status, parsed)) stats.wrong.push(`${kind}: ${r.status} ${r.text.slice(0, 120)}`);
      } else {
        const by = Object.keys(REWARD).find((k) => r.status === 200 && parsed.reward === REWARD[k]);
        if (by && allowed.includes(by)) stats.servedBy[by]++;
        else stats.wrong.push(`${kind} (${allowed}): ${r.status} reward ${parsed.reward}`);
      }
    } catch (e) {
      stats.connectionErrors[e.code ?? e.message] = (stats.connectionErrors[e.code ?? e.message] ?? 0) + 1;
    }
  }
}

log(`soak: ${seconds} s, ${concurrency} in flight, ${workers} worker(s), server pid ${server.child.pid}`);
const lanes = Array.from({ length: concurrency }, lane);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
await sleep(Math.min(10_000, seconds * 100)); // warm-up: the heap settles
const memStart = rssMiB(server.child.pid);
let memMax = memStart;
const sampler = setInterval(() => (memMax = Math.max(memMax, rssMiB(server.child.pid))), 1000);
const t0 = Date.now();
await sleep(seconds * 400);
writeFileSync(rulesPath, JSON.stringify(B));
phase = 'A|B';
server.child.kill('SIGHUP');
log('SIGHUP sent');
while (!/reloaded .*(every worker serves it)?/.test(serverLog) || (workers > 1 && !serverLog.includes('every worker serves it'))) await sleep(50);
phase = 'B';
log('reload complete');
await sleep(Math.max(0, seconds * 1000 - (Date.now() - t0)));
const memEnd = rssMiB(server.child.pid);
const health = await post(false, server.port, '/healthz', null, 'GET').catch(() => null);
clearInterval(sampler);
sigtermSent = true;
server.child.kill('SIGTERM');
log('SIGTERM sent; requests keep arriving for 1 s');
await sleep(1000);
stopping = true;
await Promise.all(lanes);
const exitCode = await exited;
agent.destroy();
rmSync(tmp, { recursive: true, force: true });

const healthBody = health ? JSON.parse(health.text) : null;
// With workers, the primary counts the workers it replaced; with one process, the process itself must have lived to the SIGTERM.
const restarts = workers > 1 ? (healthBody?.workers?.restarts ?? null) : diedEarly ? null : 0;
const served = Object.values(stats.byStatus).reduce((a, b) => a + b, 0);
const result = {
  date: new Date().toISOString(),
  seconds,
  concurrency,
  workers,
  bodyLimit: BODY_LIMIT,
  mix: Object.fromEntries(KINDS.map((k) => [k[1], `${k[0]}%`])),
  sent: stats.sent,
  served,
  requestsPerSecond: served / ((Date.now() - t0) / 1000),
  byStatus: stats.byStatus,
  servedBy: stats.servedBy,
  connectionErrors: stats.connectionErrors,
  wrong: stats.wrong.slice(0, 20),
  wrongCount: stats.wrong.length,
  memoryMiB: { start: Math.round(memStart), end: Math.round(memEnd), max: Math.round(memMax), bound: `end <= start + ${maxGrowthMiB}` },
  restarts,
  serverPid: server.child.pid,
  exitCode,
};
writeFileSync(new URL(`../results/soak${seconds < 600 ? '-short' : ''}.json`, import.meta.url), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
const ok =
  stats.wrong.length === 0 && Object.keys(stats.connectionErrors).length === 0 && memEnd <= memStart + maxGrowthMiB && restarts === 0 && exitCode === 0;
log(ok ? 'soak passed' : 'soak FAILED');
process.exitCode = ok ? 0 : 1;
