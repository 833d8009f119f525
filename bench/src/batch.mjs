/**
 * Batch `userfn verify` throughput against a bare read-parse-write loop of the
 * same JSONL file, both timed as whole processes (wall clock), interleaved
 * over a few rounds; the median run of each counts.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { median } from './stats.mjs';
import { ruleSetOf } from './rulesets.mjs';
import { writeSessions } from './sessions.mjs';

const BARE_LOOP = fileURLToPath(new URL('./bare-loop.mjs', import.meta.url));
const CORE = new URL('../../packages/userfn-core/', import.meta.url);

/** The `userfn` executable users run: the core's package.json `bin` (dist/node/cli/bin.js when it names none). */
export function cliPath() {
  let bin;
  try {
    const pkg = JSON.parse(readFileSync(new URL('package.json', CORE), 'utf8'));
    bin = typeof pkg.bin === 'string' ? pkg.bin : pkg.bin?.userfn;
  } catch {
    bin = undefined;
  }
  return fileURLToPath(new URL(bin ?? 'dist/node/cli/bin.js', CORE));
}

function timeProcess(args, label) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8', maxBuffer: 1 << 24, timeout: 300_000 });
  const seconds = Number(process.hrtime.bigint() - t0) / 1e9;
  return { seconds, status: r.status, stderr: r.stderr ?? '', error: r.error ? `${label}: ${r.error.message}` : undefined };
}

/** Counts the output lines of a verify run and those that did not pass. */
function readVerdicts(path) {
  const lines = readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.length > 0);
  let failed = 0;
  for (const l of lines) if (JSON.parse(l).passed === false) failed++;
  return { lines: lines.length, failed };
}

/**
 * Runs the batch figure. `holds` are the hand-written W9 closures (to know
 * how many records should fail). Returns plain JSON for latest.json.
 */
export async function runBatch({ workload, holds, nowIso, resultsDir, records, rounds, log }) {
  const nowMs = Date.parse(nowIso);
  const tmp = mkdtempSync(join(tmpdir(), 'userfn-bench-'));
  try {
    const rulesPath = join(tmp, 'w9.rules.json');
    writeFileSync(rulesPath, JSON.stringify(ruleSetOf(workload), null, 2));
    const file = join(resultsDir, `sessions-${records}.jsonl`);
    log(`batch: generating ${records.toLocaleString('en-US')} sessions into ${file}`);
    const gen = await writeSessions(file, { count: records, nowMs, holds });
    const result = { records, fileBytes: gen.bytes, failing: gen.failing, file, rounds, available: false };

    const CLI = cliPath();
    result.cli = CLI;
    const verifyArgs = (workers, input, out) => [CLI, 'verify', '--rules', rulesPath, input, '--out', out, '--workers', String(workers), '--now', nowIso];
    let reason;
    if (!existsSync(CLI)) reason = `${CLI} does not exist (build the core)`;
    else {
      const help = spawnSync(process.execPath, [CLI, 'verify', '--help'], { encoding: 'utf8' });
      if (help.status !== 0) reason = `userfn verify --help exited with ${help.status}: ${(help.stderr || help.stdout || '').trim().split('\n')[0]}`;
    }
    if (!reason) {
      // Correctness first, on a small prefix: one output line per record, and the failing count the hand-written rules expect.
      const small = join(tmp, 'small.jsonl');
      const smallOut = join(tmp, 'small.out.jsonl');
      const smallGen = await writeSessions(small, { count: 1000, nowMs, holds });
      const check = spawnSync(process.execPath, verifyArgs(2, small, smallOut), { encoding: 'utf8' });
      if (check.status !== 0 && check.status !== 1)
        reason = `userfn verify failed (exit ${check.status}): ${(check.stderr || '').trim().split('\n').slice(0, 3).join(' / ')}`;
      else {
        const v = readVerdicts(smallOut);
        result.check = { records: 1000, outputLines: v.lines, failedReported: v.failed, failedExpected: smallGen.failing };
        if (v.lines !== 1000 || v.failed !== smallGen.failing)
          reason = `userfn verify gave wrong results on a 1,000-record sample: ${JSON.stringify(result.check)}`;
      }
    }

    const runs = { bare: [], workers1: [], workers2: [] };
    const failed = {}; // workers -> why that configuration failed (the other one still counts)
    for (let round = 0; round < rounds; round++) {
      log(`batch: round ${round + 1}/${rounds}`);
      const bare = timeProcess([BARE_LOOP, file, '/dev/null'], 'bare loop');
      if (bare.status !== 0) throw new Error(`the bare loop failed: ${bare.error ?? bare.stderr}`);
      runs.bare.push(bare.seconds);
      if (reason) continue;
      for (const workers of [1, 2]) {
        if (failed[workers]) continue;
        const r = timeProcess(verifyArgs(workers, file, '/dev/null'), `verify --workers ${workers}`);
        if (r.status !== 0 && r.status !== 1) {
          failed[workers] = `userfn verify --workers ${workers} exited with ${r.status}: ${(r.error ?? r.stderr).trim().split('\n').slice(0, 3).join(' / ')}`;
          log(`batch: ${failed[workers]}`);
          continue;
        }
        runs[`workers${workers}`].push(r.seconds);
        if (round === 0 && workers === 1) result.summary = r.stderr.trim();
      }
    }
    const figure = (xs, why) =>
      xs.length === 0 || why
        ? { available: false, reason: why ?? 'not run' }
        : { available: true, seconds: median(xs), recordsPerSecond: records / median(xs), runs: xs };
    result.bare = figure(runs.bare);
    if (reason) return { ...result, available: false, reason };
    const workers1 = figure(runs.workers1, failed[1]);
    const workers2 = figure(runs.workers2, failed[2]);
    if (!workers1.available && !workers2.available) return { ...result, available: false, reason: failed[1] ?? failed[2], workers1, workers2 };
    return { ...result, available: true, workers1, workers2 };
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}
