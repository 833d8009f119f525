/**
 * What many large bodies at once cost `userfn serve` (README: "Bodies as large
 * as real rollouts"): `--concurrent` uploads at a time, `--rounds` times, of
 * a 32-call 128k-token NeMo Gym rollout with token ids and log-probs
 * (18 MiB, `--shape rollout`) or of 32 MiB of JSON crafted to parse large
 * (an array of empty objects, `--shape empty-objects`), against a server
 * whose JavaScript heap is capped at `--heap-mib` (Node's default if not
 * given). Reports the answers by status, whether the server ran out of heap,
 * and its RSS at the start and at most (from /proc). Exits 1 if the server died.
 *
 *   node src/serve-memory.mjs [--shape rollout] [--concurrent 14] [--rounds 3] [--heap-mib 640]
 *
 * Prints one JSON line; writes nothing. Not part of `npm run bench`.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { longRollout } from '../../packages/userfn-core/test/support/long-rollout.mjs';
import { cliPath } from './batch.mjs';

const { values } = parseArgs({
  options: { shape: { type: 'string' }, concurrent: { type: 'string' }, rounds: { type: 'string' }, 'heap-mib': { type: 'string' } },
});
const shape = values.shape ?? 'rollout';
const concurrent = Number(values.concurrent ?? 14);
const rounds = Number(values.rounds ?? 3);
const heap = values['heap-mib'];
const MiB = 1024 * 1024;

const body =
  shape === 'rollout'
    ? Buffer.from(JSON.stringify(longRollout({ contextTokens: 131_072, generationTokens: 98_304, turns: 32 })))
    : Buffer.from(`{"output":[${'{},'.repeat(Math.floor((32 * MiB - 20) / 3))}0]}`);
const path = shape === 'rollout' ? '/verify' : '/verify-context';

const tmp = mkdtempSync(join(tmpdir(), 'userfn-serve-memory-'));
const rules = join(tmp, 'rules.json');
writeFileSync(rules, JSON.stringify({ rules: [{ id: 'has-output', condition: "get('$.output') != null" }] }));
const child = spawn(process.execPath, [...(heap ? [`--max-old-space-size=${heap}`] : []), cliPath(), 'serve', '--rules', rules, '--port', '0'], {
  stdio: ['ignore', 'pipe', 'pipe'],
});
let log = '';
child.stderr.on('data', (c) => (log += c));
const port = await new Promise((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (c) => {
    out += c;
    const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  child.once('exit', (code) => reject(new Error(`userfn serve exited with ${code}: ${log}`)));
});
let alive = true;
child.once('exit', () => (alive = false));

// 0 once the process has died (a zombie's status has no VmRSS).
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
const start = rss();
let max = start;
const sampler = setInterval(() => alive && (max = Math.max(max, rss())), 20);

const post = () =>
  new Promise((resolve) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path, agent: false, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(String(res.statusCode)));
        res.on('error', (e) => resolve(e.code ?? e.message));
      },
    );
    req.on('error', (e) => resolve(e.code ?? e.message));
    req.end(body);
  });

const statuses = {};
for (let r = 0; r < rounds && alive; r++) {
  for (const s of await Promise.all(Array.from({ length: concurrent }, post))) statuses[s] = (statuses[s] ?? 0) + 1;
}
clearInterval(sampler);
const outOfHeap = /heap out of memory/.test(log);
child.kill('SIGKILL');
rmSync(tmp, { recursive: true, force: true });
console.log(
  JSON.stringify({
    shape,
    bodyMiB: Number((body.length / MiB).toFixed(1)),
    concurrent,
    rounds,
    heapMiB: heap ?? 'default',
    statuses,
    outOfHeap,
    rssStartMiB: Math.round(start),
    rssMaxMiB: Math.round(max),
  }),
);
process.exitCode = outOfHeap || !alive ? 1 : 0;
