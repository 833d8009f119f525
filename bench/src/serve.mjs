/**
 * `userfn serve` throughput: requests per second for `POST /verify` on one
 * server process, driven by a small keep-alive HTTP client in this process
 * (a load generator needs no dependency for this: node:http keeps a fixed
 * number of requests in flight). Loopback only; bounded in count and time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath } from './batch.mjs';
import { ruleSetOf } from './rulesets.mjs';
import { percentile } from './stats.mjs';

/**
 * A NeMo Gym rollout whose mapped context is the bench context: the output as
 * the assistant's JSON text, and the tools it called.
 */
export function rolloutOf(context) {
  const calls = Object.keys(context.tools ?? {});
  return {
    responses_create_params: { input: [{ role: 'user', content: 'Index the document.' }] },
    response: {
      output: [
        ...calls.map((name, i) => ({ type: 'function_call', name, arguments: '{}', call_id: `call_${i}` })),
        ...calls.map((name, i) => ({ type: 'function_call_output', call_id: `call_${i}`, output: context.tools[name].outputs.latest })),
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: JSON.stringify(context.output) }] },
      ],
    },
  };
}

/**
 * CPU seconds used so far by a process and its child processes (the workers of
 * `userfn serve --workers`), from /proc; null where there is no /proc. On a
 * shared machine this is steadier than requests/s: it counts the work, not the wait.
 */
export function cpuSeconds(pid) {
  try {
    const ticks = (p) => {
      const fields = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime, stime
    };
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
    return [pid, ...children].reduce((sum, p) => sum + ticks(p), 0) / 100;
  } catch {
    return null;
  }
}

/** Starts `userfn serve` (or another server script given as `command`) on a free loopback port; resolves with the child and its port once it prints its URL. */
export function startServer(rulesPath, args = [], command = [cliPath(), 'serve']) {
  const child = spawn(process.execPath, [...command, '--rules', rulesPath, '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (c) => (err += c));
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('userfn serve did not start within 30 s')), 30_000);
    child.stdout.on('data', (c) => {
      out += c;
      const m = /http:\/\/127\.0\.0\.1:(\d+)/.exec(out);
      if (m) {
        clearTimeout(timer);
        resolve({ child, port: Number(m[1]) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`userfn serve exited with ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}`));
    });
  });
}

export function post(agent, port, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, method: 'POST', path: '/verify', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `count` requests keeping `concurrency` in flight; returns the wall seconds and each request's latency (ms). */
export async function drive(agent, port, body, count, concurrency, check) {
  const latencies = new Array(count);
  let next = 0;
  const t0 = process.hrtime.bigint();
  async function lane() {
    while (next < count) {
      const i = next++;
      const s = process.hrtime.bigint();
      const r = await post(agent, port, body);
      latencies[i] = Number(process.hrtime.bigint() - s) / 1e6;
      check(r);
    }
  }
  await Promise.all(Array.from({ length: concurrency }, lane));
  return { seconds: Number(process.hrtime.bigint() - t0) / 1e9, latencies };
}

/**
 * Runs the figure: the W9 rules served by `userfn serve --workers n` (or by
 * `command`, another server taking the same options), `requests`
 * requests of one rollout after a warm-up, `concurrency` in flight. Every
 * response must be 200 with the reward `expectedReward` (checked, not timed
 * apart). `extraArgs` go to `userfn serve` (e.g. --decision-log). Returns plain JSON for latest.json.
 */
export async function runServe({ workload, context, expectedReward, requests, concurrency, log, workers = 1, command = undefined, extraArgs = [] }) {
  const tmp = mkdtempSync(join(tmpdir(), 'userfn-serve-bench-'));
  let server;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const rulesPath = join(tmp, 'w9.rules.json');
    writeFileSync(rulesPath, JSON.stringify(ruleSetOf(workload), null, 2));
    server = await startServer(rulesPath, ['--workers', String(workers), ...extraArgs], command);
    const body = Buffer.from(JSON.stringify(rolloutOf(context)));
    let wrong;
    const check = (r) => {
      if (wrong) return;
      if (r.status !== 200) wrong = `status ${r.status}: ${r.body.slice(0, 200)}`;
      else {
        const { reward } = JSON.parse(r.body);
        if (reward !== expectedReward) wrong = `reward ${reward}, expected ${expectedReward}`;
      }
    };
    log(`serve (${workers} worker${workers === 1 ? '' : 's'}): warm-up, then ${requests.toLocaleString('en-US')} POST /verify with ${concurrency} in flight`);
    await drive(agent, server.port, body, Math.min(2000, requests), concurrency, check);
    const cpuBefore = cpuSeconds(server.child.pid);
    const run = await drive(agent, server.port, body, requests, concurrency, check);
    const cpuAfter = cpuSeconds(server.child.pid);
    if (wrong) return { available: false, reason: `wrong response from /verify: ${wrong}` };
    return {
      available: true,
      workers,
      requests,
      concurrency,
      bodyBytes: body.length,
      seconds: run.seconds,
      requestsPerSecond: requests / run.seconds,
      serverCpuMsPerRequest: cpuBefore === null || cpuAfter === null ? null : ((cpuAfter - cpuBefore) * 1000) / requests,
      latencyMs: { p50: percentile(run.latencies, 50), p95: percentile(run.latencies, 95), p99: percentile(run.latencies, 99) },
      reward: expectedReward,
    };
  } catch (e) {
    return { available: false, reason: e instanceof Error ? e.message : String(e) };
  } finally {
    agent.destroy();
    server?.child.kill('SIGTERM');
    rmSync(tmp, { recursive: true, force: true });
  }
}
