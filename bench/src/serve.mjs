/**
 * `userfn serve` throughput: requests per second for `POST /verify` on one
 * server process, driven by a small keep-alive HTTP client in this process
 * (a load generator needs no dependency for this: node:http keeps a fixed
 * number of requests in flight). Loopback only; bounded in count and time.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/** Starts `userfn serve` on a free loopback port (with `extraArgs`); resolves with the child and its port once it prints its URL. */
function startServer(rulesPath, extraArgs = []) {
  const child = spawn(process.execPath, [cliPath(), 'serve', '--rules', rulesPath, '--port', '0', '--host', '127.0.0.1', ...extraArgs], { stdio: ['ignore', 'pipe', 'pipe'] });
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

function post(agent, port, body) {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method: 'POST', path: '/verify', agent, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Sends `count` requests keeping `concurrency` in flight; returns the wall seconds and each request's latency (ms). */
async function drive(agent, port, body, count, concurrency, check) {
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
 * Runs the figure: the W9 rules served by one `userfn serve`, `requests`
 * requests of one rollout after a warm-up, `concurrency` in flight. Every
 * response must be 200 with the reward `expectedReward` (checked, not timed
 * apart). `extraArgs` go to `userfn serve` (e.g. --decision-log). Returns plain JSON for latest.json.
 */
export async function runServe({ workload, context, expectedReward, requests, concurrency, log, extraArgs = [] }) {
  const tmp = mkdtempSync(join(tmpdir(), 'userfn-serve-bench-'));
  let server;
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  try {
    const rulesPath = join(tmp, 'w9.rules.json');
    writeFileSync(rulesPath, JSON.stringify(ruleSetOf(workload), null, 2));
    server = await startServer(rulesPath, extraArgs);
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
    log(`serve: warm-up, then ${requests.toLocaleString('en-US')} POST /verify with ${concurrency} in flight`);
    await drive(agent, server.port, body, Math.min(2000, requests), concurrency, check);
    const run = await drive(agent, server.port, body, requests, concurrency, check);
    if (wrong) return { available: false, reason: `wrong response from /verify: ${wrong}` };
    return {
      available: true,
      requests,
      concurrency,
      bodyBytes: body.length,
      seconds: run.seconds,
      requestsPerSecond: requests / run.seconds,
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
