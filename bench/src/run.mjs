/**
 * The bench: `npm run bench` (root) or `node --expose-gc src/run.mjs` here.
 *
 *   --quick            few samples and a 10,000-line batch file: a smoke run (writes results/quick.json)
 *   --workloads=W1,W7  only these workloads
 *   --engines=userfn,js,cel-js   only these engines
 *   --no-batch, --no-serve, --no-ls   skip the batch, `userfn serve` or language-service figures
 *   --no-shared        skip the shared-process mode and the language-service curve (issue 18)
 *
 * Each (engine, workload) cell runs in its own fresh process (eval-child.mjs),
 * one after another, so that no engine shares a JIT, a heap or a call site
 * with another. Progress goes to stderr, the markdown report to stdout, every
 * figure to results/latest.json.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { loadRuleSet, nemoGymToContext, verify } from '@userfn/core';
import { runBatch } from './batch.mjs';
import { rolloutOf, runServe } from './serve.mjs';
import { ruleSetOf } from './rulesets.mjs';
import { ENGINES } from './engines.mjs';
import { deriveRatios, evaluateTargets, renderMarkdown } from './report.mjs';
import { combineProcesses } from './stats.mjs';
import { loadWorkloads } from './workloads.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const RESULTS_DIR = here('../results/');
const EVAL_CHILD = here('./eval-child.mjs');
const LS_CHILD = here('./ls-child.mjs');
// The shared-process mode and the language-service curve: each a child that prints its markdown and writes its JSON.
const SHARED_CHILDREN = [here('./shared-process.mjs'), here('./ls-scale.mjs')];

function parseFlags(argv) {
  const flags = { quick: false, workloads: null, engines: null, batch: true, serve: true, ls: true, shared: true };
  for (const a of argv) {
    if (a === '--quick') flags.quick = true;
    else if (a === '--no-batch') flags.batch = false;
    else if (a === '--no-ls') flags.ls = false;
    else if (a === '--no-serve') flags.serve = false;
    else if (a === '--no-shared') flags.shared = false;
    else if (a.startsWith('--workloads=')) flags.workloads = a.slice(12).split(',');
    else if (a.startsWith('--engines=')) flags.engines = a.slice(10).split(',');
    else throw new Error(`unknown option ${a} (see the comment at the top of src/run.mjs)`);
  }
  return flags;
}

const log = (msg) => process.stderr.write(`${msg}\n`);

/** Runs a child that prints one JSON line last on stdout; its failure becomes an error object. */
function runJsonChild(args, timeoutMs) {
  const r = spawnSync(process.execPath, ['--expose-gc', ...args], { encoding: 'utf8', maxBuffer: 1 << 24, timeout: timeoutMs });
  const last = (r.stdout ?? '').trim().split('\n').pop();
  try {
    return JSON.parse(last);
  } catch {
    const why = r.error ? r.error.message : `exit ${r.status}, signal ${r.signal}`;
    return { status: 'error', available: false, reason: `the child process failed (${why}): ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' / ')}` };
  }
}

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const started = Date.now();
  const loadavgStart = loadavg();
  const bench = loadWorkloads();
  const workloads = bench.workloads.filter((w) => !flags.workloads || flags.workloads.includes(w.id));
  const engines = ENGINES.filter((e) => !flags.engines || flags.engines.includes(e.id));
  mkdirSync(RESULTS_DIR, { recursive: true });

  const evaluation = {};
  const compile = {};
  const cache = {};
  const ruleSetApi = {};
  const compileSpread = {};
  const compileFirst = {};
  const compileParts = {};
  for (const e of engines) evaluation[e.id] = {};
  // Each evaluation figure is the best of this many fresh processes (the first also times compilation): see combineProcesses.
  const evalProcesses = flags.quick ? 1 : 3;
  const evalRuns = {}; // engine -> workload -> the evaluation summary of each process
  const evalFailures = {}; // engine -> workload -> why each extra process failed
  let done = 0;
  const total = workloads.length * engines.length;
  // Workloads outer, engines inner: drift in machine load spreads over all engines of a workload alike.
  for (const w of workloads) {
    for (const e of engines) {
      done++;
      const source = w.sources[e.syntax];
      if (source === null || source === undefined) {
        evaluation[e.id][w.id] = { status: 'n/a', reason: w.na?.[e.syntax] ?? 'not expressible' };
        continue;
      }
      log(`[${done}/${total}] ${w.id} ${e.id}`);
      const cell = runJsonChild([EVAL_CHILD, e.id, w.id, ...(flags.quick ? ['--quick'] : [])], 120_000);
      if (cell.status !== 'ok') {
        evaluation[e.id][w.id] = { status: cell.status === 'n/a' ? 'n/a' : 'error', reason: cell.reason };
        if (cell.status !== 'n/a') log(`  ${cell.reason}`);
        continue;
      }
      (evalRuns[e.id] ??= {})[w.id] = [cell.evaluation];
      compile[e.id] ??= { what: cell.compile?.what };
      if (typeof cell.compile?.median === 'number') {
        compile[e.id][w.id] = cell.compile.median;
        (compileSpread[e.id] ??= {})[w.id] = {
          min: cell.compile.min,
          max: cell.compile.max,
          iqrRel: cell.compile.iqrRel,
          wallMedian: cell.compile.wallMedian,
          samples: cell.compile.n,
          warmupMs: cell.compile.warmupMs,
        };
        (compileFirst[e.id] ??= {})[w.id] = cell.compile.firstUs;
      }
      if (cell.ruleSet) ruleSetApi[w.id] = cell.ruleSet;
      if (cell.compileParts) compileParts[w.id] = cell.compileParts;
      if (cell.cache)
        cache[w.id] = {
          hit: cell.cache.hit,
          sameAsCompiled: cell.cache.sameAsCompiled,
          lookupUs: cell.cache.lookupUs.median,
          evaluateUs: cell.cache.evaluateUs.median,
        };
    }
  }
  // More evaluation processes per cell, in whole rounds over every cell: a noisy spell of the
  // shared machine then falls on different cells in different rounds, not on all of one cell's.
  for (let round = 1; round < evalProcesses; round++) {
    for (const w of workloads) {
      for (const e of engines) {
        const runs = evalRuns[e.id]?.[w.id];
        if (!runs) continue;
        log(`[round ${round + 1}/${evalProcesses}] ${w.id} ${e.id}`);
        const more = runJsonChild([EVAL_CHILD, e.id, w.id, '--eval-only'], 120_000);
        if (more.status === 'ok') runs.push(more.evaluation);
        else {
          // Kept with the cell (its figure then stands on fewer processes), not only logged.
          ((evalFailures[e.id] ??= {})[w.id] ??= []).push(more.reason);
          log(`  an extra evaluation process failed: ${more.reason}`);
        }
      }
    }
  }
  // Every engine's cells in workload order, whichever round settled them.
  for (const e of engines) {
    const cells = {};
    for (const w of workloads) {
      const runs = evalRuns[e.id]?.[w.id];
      if (!runs) {
        if (evaluation[e.id][w.id]) cells[w.id] = evaluation[e.id][w.id];
        continue;
      }
      const ev = combineProcesses(runs);
      const failed = evalFailures[e.id]?.[w.id];
      cells[w.id] = {
        status: 'ok',
        value: ev.median,
        min: ev.min,
        max: ev.max,
        iqrRel: ev.iqrRel,
        wallMedian: ev.wallMedian,
        samples: ev.n,
        iterations: ev.iterations,
        processes: ev.processes,
        ...(failed ? { failedProcesses: failed } : {}),
      };
    }
    evaluation[e.id] = cells;
  }
  for (const id of Object.keys(compile)) {
    const hasFigure = Object.keys(compile[id]).some((k) => k !== 'what');
    if (!hasFigure && id !== 'userfn') delete compile[id];
  }

  let batch = null;
  const w9 = bench.workloads.find((w) => w.id === 'W9');
  if (flags.batch) {
    const nowMs = Date.parse(bench.now);
    const holds = w9.sources.js.map((s) => new Function('NOW_MS', `'use strict'; return (${s});`)(nowMs));
    const records = flags.quick ? 10_000 : 100_000;
    batch = await runBatch({ workload: w9, holds, nowIso: bench.now, resultsDir: RESULTS_DIR, records, rounds: flags.quick ? 1 : 3, log });
    if (!batch.available) log(`batch verify not available: ${batch.reason}`);
  }

  let serve = null;
  let serve2 = null;
  if (flags.serve) {
    // The expected reward: the same rules verified in-process on the context the rollout maps to.
    const expectedReward = verify(loadRuleSet(ruleSetOf(w9)), nemoGymToContext(rolloutOf(bench.context)), { now: bench.now }).score;
    const figure = (workers) =>
      runServe({ workload: w9, context: bench.context, expectedReward, requests: flags.quick ? 2_000 : 20_000, concurrency: 16, log, workers });
    serve = await figure(1);
    if (!serve.available) log(`userfn serve not available: ${serve.reason}`);
    serve2 = await figure(2);
    if (!serve2.available) log(`userfn serve --workers 2 not available: ${serve2.reason}`);
  }

  let languageService = null;
  if (flags.ls) {
    log('language service');
    languageService = runJsonChild([LS_CHILD, ...(flags.quick ? ['--quick'] : [])], 180_000);
    if (!languageService.available) log(`language service not available: ${languageService.reason}`);
  }

  const ratios = deriveRatios(engines, workloads, evaluation);
  const targets = evaluateTargets({ evaluation, compile, cache, batch, languageService });
  const cpuList = cpus();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    v8: process.versions.v8,
    machine: {
      cpus: cpuList.length,
      cpuModel: cpuList[0]?.model ?? 'unknown',
      totalMemGB: Math.round(totalmem() / 1e8) / 10,
      platform: process.platform,
      arch: process.arch,
      loadavgStart,
      loadavgEnd: loadavg(),
    },
    quick: flags.quick,
    durationSeconds: Math.round((Date.now() - started) / 100) / 10,
    method: {
      evaluation:
        "ns/op (CPU time of the process): median of timed samples (~10 ms each) after calibration and >=300 ms of warm-up, each (engine, workload) in a fresh node process with its own generated loop over 8 copies of the context; the result is checked on every copy before timing; the figure is the lowest of the medians of 3 such processes (1 with --quick), run in 3 rounds over every cell (interference on this shared machine slows whole processes of every engine alike, and only ever adds time), each process's median in `processes` (an extra process that failed is listed in `failedProcesses` and the figure stands on the others)",
      compile:
        'µs/op (CPU time): median of 9 timed samples (~40 ms each, so each includes its share of GC) of repeated compiles of the same source (W9: all 10 rules per op) after a warm-up of at least 0.5 s that goes on until timings settle (at most 4 s); compileFirst is the wall time of the first compile in the fresh process (µs), in the same process after the evaluation figure; compileParts: the UserFn parse() alone and its lexer + Chevrotain grammar alone, µs/op (CPU time, median of 9 samples of ~20 ms after 0.5 s of warm-up)',
      batch: 'whole-process wall clock, median of the rounds, interleaved bare / 1 worker / 2 workers',
      serve:
        'userfn serve on loopback (serve: one process; serve2: --workers 2, a primary and two worker processes), POST /verify of one NeMo Gym rollout, a keep-alive node:http client with 16 requests in flight, after a warm-up; wall clock; every response checked (status 200 and the expected reward)',
      languageService: 'per request wall clock; every request but the cached-model one follows an edit (a new document version)',
    },
    workloadsFile: 'bench/workloads.json',
    engines,
    workloads: workloads.map((w) => ({ id: w.id, title: w.title, expected: w.expected })),
    evaluation,
    compile,
    compileSpread,
    compileFirst,
    compileParts,
    cache,
    ruleSetApi,
    ratios,
    batch,
    serve,
    serve2,
    languageService,
    targets,
  };
  const outFile = `${RESULTS_DIR}${flags.quick ? 'quick' : 'latest'}.json`;
  writeFileSync(outFile, `${JSON.stringify(result, null, 2)}\n`);
  process.stdout.write(`${renderMarkdown(result)}\n`);
  if (flags.shared) {
    for (const child of SHARED_CHILDREN) {
      log(`running ${child}`);
      const r = spawnSync(process.execPath, ['--expose-gc', child, ...(flags.quick ? ['--quick'] : [])], { encoding: 'utf8', timeout: 900_000 });
      process.stdout.write(
        r.status === 0 ? `\n${r.stdout}` : `\n${child} failed (exit ${r.status}): ${(r.stderr ?? '').trim().split('\n').slice(-3).join(' / ')}\n`,
      );
    }
  }
  log(`wrote ${outFile} in ${result.durationSeconds} s`);
}

main().catch((e) => {
  log(e?.stack ?? String(e));
  process.exitCode = 1;
});
