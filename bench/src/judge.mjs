/**
 * Judge rules in batch verify (issue 16): `userfn verify` over N sessions
 * with two judge rules (one request per session) against a scripted
 * Chat Completions endpoint in this process.
 *
 *   node src/judge.mjs [--sessions 10000] [--latency 200] [--concurrency 16,64] [--out results/judge.json]
 *
 * For each concurrency: records/s with the endpoint answering after
 * `latency` ms, against the ideal (concurrency / latency). Then the
 * overhead per judged session with an endpoint that answers at once: the
 * run's wall time minus the same sessions' run with the judge rules
 * replaced by conditions, over N. Wall clock of the whole CLI process
 * (start-up included), no cache (--no-judge-cache), every line checked.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cliPath } from './batch.mjs';

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

/** A Chat Completions endpoint that gives every asked rule a pass after `delayMs`. */
async function startEndpoint(delayMs) {
  let requests = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      requests++;
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      const ids = body.response_format.json_schema.schema.properties.results.items.properties.id.enum;
      const content = JSON.stringify({ results: ids.map((id) => ({ id, reason: 'ok', pass: true, score: 1 })) });
      const reply = JSON.stringify({
        id: 'x',
        object: 'chat.completion',
        created: 0,
        model: body.model,
        choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content, refusal: null } }],
        usage: { prompt_tokens: 300, completion_tokens: 40, total_tokens: 340 },
      });
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(reply);
      if (delayMs > 0) setTimeout(send, delayMs);
      else send();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/v1`,
    count: () => requests,
    close: () =>
      new Promise((r) => {
        server.closeAllConnections();
        server.close(r);
      }),
  };
}

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;

/**
 * Runs the CLI; resolves with its wall time in ms, its CPU time in ms (user +
 * system, through /usr/bin/time when there is one: on a shared machine wall
 * time also counts waiting for a core) and its output lines.
 */
function verify(args) {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const argv = [cliPath(), 'verify', ...args];
    const env = { ...process.env, USERFN_JUDGE_API_KEY: '' };
    const child = TIME
      ? spawn(TIME, ['-f', 'CPU %U %S', process.execPath, ...argv], { stdio: ['ignore', 'pipe', 'pipe'], env })
      : spawn(process.execPath, argv, { stdio: ['ignore', 'pipe', 'pipe'], env });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => {
      const ms = performance.now() - t0;
      const cpu = /CPU ([\d.]+) ([\d.]+)\s*$/.exec(err);
      if (code !== 0) reject(new Error(`userfn verify exited ${code}: ${err.trim().split('\n').slice(-3).join(' / ')}`));
      else resolve({ ms, cpuMs: cpu ? (Number(cpu[1]) + Number(cpu[2])) * 1000 : null, lines: out.trim().split('\n'), err });
    });
  });
}

const n = Number(arg('sessions', '10000'));
const latency = Number(arg('latency', '200'));
const concurrencies = arg('concurrency', '16,64').split(',').map(Number);
const outPath = arg('out', null);

const dir = mkdtempSync(join(tmpdir(), 'userfn-judge-bench-'));
const judged = join(dir, 'judged.rules.yaml');
const plain = join(dir, 'plain.rules.yaml');
writeFileSync(
  judged,
  "rules:\n  - id: has-answer\n    condition: get('$.output.text') != null\n  - id: helpful\n    judge: { prompt: The reply answers the question. }\n  - id: grounded\n    judge: { prompt: Every claim is backed by a tool output., include: [output, tools] }\n",
);
writeFileSync(
  plain,
  "rules:\n  - id: has-answer\n    condition: get('$.output.text') != null\n  - id: helpful\n    condition: 'true'\n  - id: grounded\n    condition: 'true'\n",
);
const sessions = join(dir, 'sessions.jsonl');
writeFileSync(
  sessions,
  Array.from({ length: n }, (_, i) =>
    JSON.stringify({
      session: { key: `s${i}` },
      output: { text: `Answer ${i}: the refund arrives on Monday.` },
      tools: { lookup: { outputs: { latest: `{"order":${i},"eta":"Monday"}` } } },
    }),
  ).join('\n') + '\n',
);

const results = { sessions: n, latencyMs: latency, runs: [], overhead: null, at: new Date().toISOString(), node: process.version };
try {
  for (const c of concurrencies) {
    const ep = await startEndpoint(latency);
    const r = await verify([
      '--rules',
      judged,
      sessions,
      '--judge-url',
      ep.url,
      '--judge-model',
      'bench',
      '--no-judge-cache',
      '--judge-concurrency',
      String(c),
    ]);
    await ep.close();
    if (r.lines.length !== n || ep.count() !== n || !r.lines.every((l) => l.includes('"passed":true')))
      throw new Error(`wrong output at concurrency ${c}: ${r.lines.length} lines, ${ep.count()} requests`);
    const perS = n / (r.ms / 1000);
    const ideal = c / (latency / 1000);
    results.runs.push({
      concurrency: c,
      wallMs: Math.round(r.ms),
      cpuMs: r.cpuMs,
      recordsPerS: Math.round(perS * 10) / 10,
      idealPerS: ideal,
      ofIdeal: Math.round((perS / ideal) * 1000) / 1000,
    });
    console.log(
      `concurrency ${c}: ${n} sessions in ${(r.ms / 1000).toFixed(2)} s = ${perS.toFixed(1)} records/s (ideal ${ideal}/s: ${((perS / ideal) * 100).toFixed(1)} %)`,
    );
  }
  const ep = await startEndpoint(0);
  const fast = await verify(['--rules', judged, sessions, '--judge-url', ep.url, '--judge-model', 'bench', '--no-judge-cache', '--judge-concurrency', '64']);
  await ep.close();
  const base = await verify(['--rules', plain, sessions]);
  const perSessionUs = ((fast.ms - base.ms) / n) * 1000;
  const cpuPerSessionUs = fast.cpuMs !== null && base.cpuMs !== null ? Math.round(((fast.cpuMs - base.cpuMs) / n) * 1000) : null;
  results.overhead = {
    concurrency: 64,
    judgedWallMs: Math.round(fast.ms),
    conditionsOnlyWallMs: Math.round(base.ms),
    perSessionUs: Math.round(perSessionUs),
    judgedCpuMs: fast.cpuMs,
    conditionsOnlyCpuMs: base.cpuMs,
    cpuPerSessionUs,
  };
  console.log(
    `endpoint answering at once: ${(fast.ms / 1000).toFixed(2)} s judged vs ${(base.ms / 1000).toFixed(2)} s conditions only: ${perSessionUs.toFixed(0)} µs wall, ${cpuPerSessionUs ?? '?'} µs CPU per judged session`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
if (outPath) writeFileSync(outPath, `${JSON.stringify(results, null, 2)}\n`);
