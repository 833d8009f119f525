/**
 * One (engine, workload) cell, in a fresh process:
 *   node --expose-gc src/eval-child.mjs <engine> <workload> [--quick] [--eval-only]
 * Prepares the engine's precompiled expression, checks its result on every
 * context copy, times evaluation (ns/op) in a generated loop, then (unless
 * --eval-only) times compilation (µs/op). Prints one JSON line on stdout.
 */
import { coreBuildFile, engineById, loadAdapter, userfnOptions } from './engines.mjs';
import { CONTEXT_COPIES, makeLoop, makeOnce, measure } from './loops.mjs';
import { loadWorkloads, sameResult, describe } from './workloads.mjs';

const [engineId, workloadId, ...flags] = process.argv.slice(2);
const quick = flags.includes('--quick');
const evalOnly = flags.includes('--eval-only');
const evalOptions = quick ? { warmupMs: 50, samples: 5, sampleMs: 5 } : { warmupMs: 300, samples: 15, sampleMs: 10 };
// Compilers are large: some need seconds of repeated compiles to reach their steady state (the
// warm-up goes on until timings settle, up to 4 s), and they allocate: samples of 40 ms each
// include their share of garbage collection.
const compileOptions = quick ? { warmupMs: 30, samples: 3, sampleMs: 5 } : { warmupMs: 500, settleMs: 4000, samples: 9, sampleMs: 40 };
const cacheOptions = quick ? compileOptions : { warmupMs: 300, samples: 9, sampleMs: 10 };
const partsOptions = quick ? compileOptions : { warmupMs: 500, samples: 9, sampleMs: 20 };

function emit(result) {
  process.stdout.write(`${JSON.stringify({ engine: engineId, workload: workloadId, ...result })}\n`);
}

async function main() {
  const bench = loadWorkloads();
  const engine = engineById(engineId);
  const wl = bench.workloads.find((w) => w.id === workloadId);
  if (!wl) throw new Error(`unknown workload '${workloadId}'`);
  const source = wl.sources[engine.syntax];
  if (source === null || source === undefined) {
    emit({ status: 'n/a', reason: wl.na?.[engine.syntax] ?? 'not expressible in this engine' });
    return;
  }
  const sources = Array.isArray(source) ? source : [source];
  const adapter = await loadAdapter(engineId, bench);
  // The first preparation in a fresh process: what a one-shot user (a CLI run, an editor) pays.
  const firstStart = process.hrtime.bigint();
  const targets = sources.map((s) => adapter.prepare(s, wl));
  const firstPrepareUs = Number(process.hrtime.bigint() - firstStart) / 1e3;
  const bindings = adapter.bindings(wl);
  const contexts = Array.from({ length: CONTEXT_COPIES }, () => adapter.context(structuredClone(bench.context)));

  // The result must be right on every copy before anything is timed.
  const once = makeOnce(adapter.call, targets.length, adapter.async);
  for (const x of contexts) {
    let got;
    try {
      got = await once(...targets, bindings, x);
    } catch (e) {
      emit({ status: 'error', reason: `evaluation threw: ${e?.message ?? e}` });
      return;
    }
    if (!sameResult(got, wl.expected)) {
      emit({ status: 'error', reason: `wrong result: expected ${describe(wl.expected)}, got ${describe(got)}` });
      return;
    }
  }

  const loop = makeLoop(adapter.call, targets.length, adapter.async);
  const evaluation = await measure((n) => loop(...targets, bindings, contexts, n), evalOptions);
  if (evalOnly) {
    emit({ status: 'ok', evaluation });
    return;
  }

  let compile = null;
  if (adapter.compile) {
    const compileAll = (n) => {
      let last;
      for (let i = 0; i < n; i++) for (const s of sources) last = adapter.compile(s, wl);
      return last;
    };
    const c = await measure(compileAll, { ...compileOptions, maxIterations: 1e6 });
    compile = { ...scale(c, 1e-3), what: adapter.compileWhat, firstUs: firstPrepareUs };
  } else {
    compile = { median: null, what: adapter.compileWhat };
  }

  const extra = engineId === 'userfn' ? await userfnCachePath(adapter.core, sources, wl, bench, contexts[0]) : undefined;
  const ruleSet = engineId === 'userfn' && Array.isArray(wl.rules) ? await userfnRuleSet(adapter.core, wl, bench, contexts) : undefined;
  const compileParts = engineId === 'userfn' ? await userfnCompileParts(sources) : undefined;
  emit({ status: 'ok', evaluation, compile, ...(extra ? { cache: extra } : {}), ...(ruleSet ? { ruleSet } : {}), ...(compileParts ? { compileParts } : {}) });
}

/**
 * Where compile()'s time goes, to read its figure against cel-js's: parse()
 * (lexing, the Chevrotain grammar, CST to AST, the limits), and of that the
 * lexer and the Chevrotain grammar alone (the grammar's actions only record
 * the tokens): what any compile that parses with Chevrotain pays at the least.
 * The grammar is not public API: it is imported from the core's build.
 */
async function userfnCompileParts(sources) {
  // parse() and the grammar from one module instance (the per-file build, where the grammar
  // alone can be reached), so that neither has inline caches the other does not share.
  const core = await import(coreBuildFile('index.js'));
  const { lex } = await import(coreBuildFile('language/syntax/token-stream.js'));
  const { parseTokens } = await import(coreBuildFile('language/syntax/parser.js'));
  const timeEach = (f) =>
    measure(
      (n) => {
        let last;
        for (let i = 0; i < n; i++) for (const s of sources) last = f(s);
        return last;
      },
      { ...partsOptions, maxIterations: 1e6 },
    );
  const parse = await timeEach((s) => core.parse(s));
  const grammar = await timeEach((s) => parseTokens(lex(s).significant));
  return { parseUs: parse.median / 1e3, grammarUs: grammar.median / 1e3 };
}

/** ns -> µs (or any unit) for the numeric fields of a summary. */
function scale(summary, k) {
  const out = { ...summary };
  for (const key of ['median', 'min', 'max', 'wallMedian']) if (typeof out[key] === 'number') out[key] *= k;
  return out;
}

/**
 * The evaluate() path: a repeated compile through the cache must be a hit (the
 * same Compiled object), and costs a map lookup, not a compile.
 */
async function userfnCachePath(core, sources, wl, bench, context) {
  const { profile } = userfnOptions(wl, bench.now);
  const now = new Date(bench.now);
  const hit = sources.every((s) => core.compileCached(s, { profile }) === core.compileCached(s, { profile }));
  const expectedEach = sources.map((s) => core.compile(s, { profile, now }).evaluate(context));
  const viaEvaluate = sources.map((s) => core.evaluate(s, context, { profile, now }));
  const sameAsCompiled = viaEvaluate.every((v, i) => sameResult(v, expectedEach[i]));
  const lookup = await measure(
    (n) => {
      let last;
      for (let i = 0; i < n; i++) for (const s of sources) last = core.compileCached(s, { profile });
      return last;
    },
    { ...cacheOptions, maxIterations: 1e7 },
  );
  const evaluateCall = await measure(
    (n) => {
      let last;
      for (let i = 0; i < n; i++) for (const s of sources) last = core.evaluate(s, context, { profile, now });
      return last;
    },
    { ...cacheOptions, maxIterations: 1e7 },
  );
  return { hit, sameAsCompiled, lookupUs: scale(lookup, 1e-3), evaluateUs: scale(evaluateCall, 1e-3) };
}

/**
 * The same rules through the rule-set API (loadRuleSet + verify: a result per
 * rule, explanations only for misses), when the core exports it.
 */
async function userfnRuleSet(core, wl, bench, contexts) {
  if (typeof core.loadRuleSet !== 'function' || typeof core.verify !== 'function')
    return { available: false, reason: '@userfn/core exports no loadRuleSet/verify' };
  const { ruleSetOf } = await import('./rulesets.mjs');
  const rs = core.loadRuleSet(ruleSetOf(wl));
  const b = { verify: core.verify, options: { now: new Date(bench.now) } };
  const once = makeOnce('B.verify(T, X, B.options)', 1, false);
  for (const x of contexts) {
    const v = once(rs, b, x);
    if (v?.passed !== true || v.results?.length !== wl.rules.length) return { available: false, reason: `verify() gave ${describe(v)}` };
  }
  const loop = makeLoop('B.verify(T, X, B.options)', 1, false);
  const m = await measure((n) => loop(rs, b, contexts, n), evalOptions);
  return { available: true, nsPerOp: m.median, wallMedian: m.wallMedian };
}

main().catch((e) => {
  emit({ status: 'error', reason: e?.stack ?? String(e) });
  process.exitCode = 0;
});
