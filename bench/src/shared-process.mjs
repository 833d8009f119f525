/**
 * The shared-process bench (issue 18): what an embedding host sees. Every
 * workload (W1–W7 and RS, a 57-condition support contract over 43 member
 * names, evaluated against a stream of 64 varied sessions decoded from JSON)
 * is compiled in ONE
 * process, by UserFn, @marcbachmann/cel-js and hand-written closures, and
 * evaluated interleaved: round after round, each (engine, workload) cell runs
 * a short burst through ONE loop per engine shared by every workload, so the
 * engine's call sites see all the expressions, as a verifier's do. The figure
 * of a cell is the median over rounds of CPU ns per evaluation (RS: per
 * evaluation of the whole contract).
 *
 * `--built-sessions` adds RS-built: the contract on the same sessions as the
 * generator builds them in code (their `output` in V8's dictionary mode).
 *
 * `--rule-set-code` adds `userfn-code` on RS: the contract as ONE JavaScript
 * function generated from its conditions (src/rule-set-code.mjs), what code
 * per rule set would give; a measurement of that design, not shipped.
 *
 * `--compile-bound` adds a compile column, `bound`: a one-pass front end
 * (src/compile-bound.mjs: the grammar's records read once into a checked
 * tree, then the package's own compiler), what compile() could cost without
 * the conversion, numbering and checking walks; a measurement of that
 * design, not shipped.
 *
 * Compile is measured in the same process, interleaved the same way: UserFn
 * compile(), parse() alone, the lexer + Chevrotain grammar alone (the floor
 * any compile through the chosen parser pays), and cel-js parse + check. The
 * first compile of a fresh process is measured in a child process.
 *
 *   node --expose-gc src/shared-process.mjs [--quick] [--out results/shared.json]
 *
 * To see where one cell's time goes in that setting (every expression
 * compiled and warmed up together), `--cell ENGINE:WORKLOAD` (e.g.
 * `userfn:W4`) runs only that cell for 3 s after the interleaved warm-up,
 * prints its ns per evaluation and exits; run it under `node --prof` and read
 * the ticks with `node --prof-process`.
 *
 * `--own-copies` adds an engine, `userfn-own`: UserFn with every expression
 * (each workload, each RS condition) compiled by a copy of the core of its
 * own, so that it has inline caches of its own, as code generated per
 * expression would (src/core-copies.mjs). Its figures say what that design
 * would give; the `userfn` figures are what ships.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { contractMemberNames, contractRules, contractSessions } from './contract.mjs';
import { loadCoreCopies } from './core-copies.mjs';
import { boundCompiler, loadBoundModules } from './compile-bound.mjs';
import { ruleSetCode } from './rule-set-code.mjs';
import { coreBuildFile, loadAdapter, userfnOptions } from './engines.mjs';
import { geomean, median } from './stats.mjs';
import { loadWorkloads, sameResult } from './workloads.mjs';

const quick = process.argv.includes('--quick');
const outAt = process.argv.indexOf('--out');
const OWN_COPIES = process.argv.includes('--own-copies');
const RULE_SET_CODE = process.argv.includes('--rule-set-code');
const COMPILE_BOUND = process.argv.includes('--compile-bound');
const BUILT_SESSIONS = process.argv.includes('--built-sessions');
const OUT =
  outAt > 0
    ? process.argv[outAt + 1]
    : new URL(
        `../results/shared${OWN_COPIES ? '-own-copies' : ''}${RULE_SET_CODE ? '-rule-set-code' : ''}${COMPILE_BOUND ? '-compile-bound' : ''}${quick ? '-quick' : ''}.json`,
        import.meta.url,
      );
const ROUNDS = quick ? 5 : 21;
const cellAt = process.argv.indexOf('--cell');
const ONLY_CELL = cellAt > 0 ? process.argv[cellAt + 1] : undefined;
const BURST_MS = 4;
const COPIES = 8;

const cpuNow = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};

/** One loop per engine and shape, shared by every workload: the host's single call site. */
const LOOPS = {
  userfn: {
    one: (T, XS, n) => {
      let r;
      for (let i = 0; i < n; i++) r = T[0].evaluate(XS[i % XS.length]);
      return r;
    },
    set: (T, XS, n) => {
      let k = 0;
      for (let i = 0; i < n; i++) {
        const X = XS[i % XS.length];
        for (let j = 0; j < T.length; j++) if (T[j].evaluate(X) === true) k++;
      }
      return k;
    },
  },
  fn: {
    one: (T, XS, n) => {
      let r;
      for (let i = 0; i < n; i++) r = T[0](XS[i % XS.length]);
      return r;
    },
    set: (T, XS, n) => {
      let k = 0;
      for (let i = 0; i < n; i++) {
        const X = XS[i % XS.length];
        for (let j = 0; j < T.length; j++) if (T[j](X) === true) k++;
      }
      return k;
    },
  },
};
// cel-js and the hand-written closures are both called as functions, but through loops of their own (copies), so neither shapes the other's call sites.
/** A copy of the function loops, with call sites of its own (the same source made into new functions). */
const fnLoopsCopy = () => ({ one: new Function(`return ${LOOPS.fn.one.toString()}`)(), set: new Function(`return ${LOOPS.fn.set.toString()}`)() });
const celLoops = fnLoopsCopy();
/** The loop of a rule set's generated function, which counts the conditions that held itself. */
const codeLoop = (T, XS, n) => {
  let k = 0;
  for (let i = 0; i < n; i++) k += T[0](XS[i % XS.length]);
  return k;
};

async function main() {
  const bench = loadWorkloads();
  const engines = {
    userfn: await loadAdapter('userfn', bench),
    'cel-js': await loadAdapter('cel-js', bench),
    js: await loadAdapter('js', bench),
  };
  const loopsOf = { userfn: LOOPS.userfn, 'cel-js': celLoops, js: LOOPS.fn };
  const syntax = { userfn: 'userfn', 'cel-js': 'cel', js: 'js', 'userfn-own': 'userfn' };

  // The workloads: W1–W7 on copies of the bench context; RS on the session stream.
  const workloads = bench.workloads.filter((w) => ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7'].includes(w.id));
  const contract = contractRules();
  if (OWN_COPIES) {
    // One copy per expression; called as a bound function through a loop of its own, like cel-js.
    const copies = await loadCoreCopies(workloads.length + contract.length);
    engines['userfn-own'] = {
      prepare: (source, wl) => {
        const compiled = copies.pop().compile(source, userfnOptions(wl, bench.now));
        return compiled.evaluate.bind(compiled);
      },
      context: (c) => c,
    };
    loopsOf['userfn-own'] = fnLoopsCopy();
  }
  const sessions = contractSessions(64);
  // --built-sessions: the same sessions also as objects built key by key (their `output` in V8's
  // dictionary mode), a host that builds contexts in code. Only on request: the same closures
  // reading both streams slow RS down (its sites then see both kinds of object).
  const builtSessions = BUILT_SESSIONS ? contractSessions(64, undefined, { built: true }) : undefined;
  const cells = [];
  for (const [engine, a] of Object.entries(engines)) {
    for (const w of workloads) {
      const source = w.sources[syntax[engine]];
      const target = [a.prepare(source, w)];
      const contexts = Array.from({ length: COPIES }, () => a.context(structuredClone(bench.context)));
      const got = engine === 'userfn' ? target[0].evaluate(contexts[0]) : target[0](contexts[0]);
      if (!sameResult(got, w.expected)) throw new Error(`${engine} ${w.id}: got ${JSON.stringify(got)}, expected ${JSON.stringify(w.expected)}`);
      cells.push({ engine, workload: w.id, target, contexts, loop: loopsOf[engine].one, samples: [] });
    }
    const rsWorkload = { userfnProfile: 'verification' };
    const targets = contract.map((r) => a.prepare(r[syntax[engine]], rsWorkload));
    cells.push({ engine, workload: 'RS', target: targets, contexts: sessions.map((s) => a.context(s)), loop: loopsOf[engine].set, samples: [] });
    if (builtSessions)
      cells.push({ engine, workload: 'RS-built', target: targets, contexts: builtSessions.map((s) => a.context(s)), loop: loopsOf[engine].set, samples: [] });
  }
  let code;
  if (RULE_SET_CODE) {
    code = ruleSetCode(
      await import('@userfn/core'),
      contract.map((r) => r.userfn),
      { profile: 'verification', now: new Date(bench.now) },
    );
    for (const [workload, stream] of [
      ['RS', sessions],
      ['RS-built', builtSessions],
    ]) {
      if (stream) cells.push({ engine: 'userfn-code', workload, target: [code.fn], contexts: stream, loop: codeLoop, samples: [] });
    }
  }
  // The engines must count the same rules true over the stream before anything is timed.
  const counts = cells.filter((c) => c.workload.startsWith('RS')).map((c) => c.loop(c.target, c.contexts, c.contexts.length));
  if (new Set(counts).size !== 1) throw new Error(`the engines disagree on the contract: ${counts.join(' / ')} rules held`);

  // Calibrate each cell to bursts of about BURST_MS, warm everything up interleaved, then measure in rounds.
  // The fastest of three tries: on a loaded machine one try can be preempted, and a
  // cell calibrated on it ran bursts of a handful of evaluations, below the CPU clock's
  // microsecond resolution (a hand-written W2 read 4,000 ns that way).
  for (const c of cells) {
    let n = 16;
    for (;;) {
      let ms = Number.POSITIVE_INFINITY;
      for (let k = 0; k < 3; k++) {
        const t0 = performance.now();
        c.loop(c.target, c.contexts, n);
        ms = Math.min(ms, performance.now() - t0);
      }
      if (ms > 1 || n > 1e7) {
        c.n = Math.max(16, Math.round((n * BURST_MS) / Math.max(ms, 0.01)));
        break;
      }
      n *= 4;
    }
  }
  const warmUntil = performance.now() + (quick ? 500 : 2000);
  while (performance.now() < warmUntil) for (const c of cells) c.loop(c.target, c.contexts, c.n);
  if (ONLY_CELL) {
    const c = cells.find((x) => `${x.engine}:${x.workload}` === ONLY_CELL);
    if (!c) throw new Error(`no cell ${ONLY_CELL}: one of ${cells.map((x) => `${x.engine}:${x.workload}`).join(', ')}`);
    const until = performance.now() + 3000;
    const t0 = cpuNow();
    let evaluations = 0;
    while (performance.now() < until) {
      c.loop(c.target, c.contexts, c.n);
      evaluations += c.n;
    }
    console.log(`${ONLY_CELL}: ${(((cpuNow() - t0) * 1e6) / evaluations).toFixed(1)} ns per evaluation`);
    return;
  }
  for (let round = 0; round < ROUNDS; round++) {
    // No forced gc() between rounds: a full collection before each round threw away what the
    // engines had tuned and made some cells' bursts many times slower (the hand-written RS
    // read 21,500 ns with it, 880 ns without); the median over rounds absorbs an ordinary GC.
    const order = cells.map((_, i) => cells[(i + round * 7) % cells.length]);
    for (const c of order) {
      const t0 = cpuNow();
      c.loop(c.target, c.contexts, c.n);
      c.samples.push(((cpuNow() - t0) * 1e6) / c.n);
    }
  }
  const ns = {};
  for (const c of cells) (ns[c.workload] ??= {})[c.engine] = median(c.samples);

  // Compile, interleaved in the same process.
  // compile(), parse() and the floor from one module instance (the per-file build, where the
  // lexer and grammar alone can be reached): a copy of the parser of their own would give the
  // floor inline caches the others do not share.
  const core = await import(coreBuildFile('index.js'));
  const { lex } = await import(coreBuildFile('language/syntax/token-stream.js'));
  const { parseTokens } = await import(coreBuildFile('language/syntax/parser.js'));
  const compileSources = [
    ...workloads.map((w) => ({ id: w.id, w, userfn: w.sources.userfn, cel: w.sources.cel })),
    { id: 'RS', w: { userfnProfile: 'verification' }, many: contract },
  ];
  // RS compiles each of its conditions per op; a workload its one source.
  const each = (s, f) => {
    if (!s.many) return f(s);
    for (const r of s.many) f(r);
  };
  const compilers = {
    // the options held, as a host holds them: looked up once per workload, not per compile
    compile: (s) => {
      const options = (s.options ??= userfnOptions(s.w, bench.now));
      each(s, (r) => core.compile(r.userfn, options));
    },
    parse: (s) => each(s, (r) => core.parse(r.userfn)),
    floor: (s) => each(s, (r) => parseTokens(lex(r.userfn).significant)),
    'cel-js': (s) => each(s, (r) => engines['cel-js'].compile(r.cel)),
  };
  if (COMPILE_BOUND) {
    const bound = boundCompiler(await loadBoundModules());
    compilers.bound = (s) => {
      const options = (s.options ??= userfnOptions(s.w, bench.now));
      each(s, (r) => bound(r.userfn, options));
    };
    // the bound must take every source it is timed on, or its figure would time a refusal
    for (const s of compileSources)
      each(s, (r) => {
        if (bound(r.userfn, userfnOptions(s.w, bench.now)) === undefined) throw new Error(`--compile-bound does not take ${r.userfn}`);
      });
  }
  const compileCells = [];
  for (const s of compileSources) for (const [what, f] of Object.entries(compilers)) compileCells.push({ id: s.id, what, run: () => f(s), samples: [] });
  const compileWarm = performance.now() + (quick ? 500 : 2000);
  while (performance.now() < compileWarm) for (const c of compileCells) c.run();
  for (let round = 0; round < ROUNDS; round++) {
    for (const c of compileCells) {
      const n = c.id === 'RS' ? 4 : 60;
      const t0 = cpuNow();
      for (let i = 0; i < n; i++) c.run();
      c.samples.push(((cpuNow() - t0) * 1e3) / n / (c.id === 'RS' ? contract.length : 1));
    }
  }
  const us = {};
  for (const c of compileCells) (us[c.id] ??= {})[c.what] = median(c.samples);

  // The first compile of a fresh process (module loading apart).
  const child = `const t0 = performance.now(); const core = await import('@userfn/core'); const t1 = performance.now();
    core.compile(${JSON.stringify(workloads[0].sources.userfn)}, { profile: 'verification' }); const t2 = performance.now();
    process.stdout.write(JSON.stringify({ importMs: t1 - t0, firstCompileMs: t2 - t1 }));`;
  const firsts = Array.from({ length: quick ? 3 : 7 }, () =>
    JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', child], { cwd: new URL('..', import.meta.url) })),
  );
  const first = { importMs: median(firsts.map((f) => f.importMs)), firstCompileMs: median(firsts.map((f) => f.firstCompileMs)) };

  const ids = [...workloads.map((w) => w.id), 'RS', ...(BUILT_SESSIONS ? ['RS-built'] : [])];
  const row = (id) => ({
    id,
    userfnNs: ns[id].userfn,
    celJsNs: ns[id]['cel-js'],
    jsNs: ns[id].js,
    celOverUserfn: ns[id]['cel-js'] / ns[id].userfn,
    userfnOverJs: ns[id].userfn / ns[id].js,
    // RS-built compiles what RS does: its compile figures are RS's, not repeated
    ...(us[id]
      ? {
          compileUs: us[id].compile,
          parseUs: us[id].parse,
          floorUs: us[id].floor,
          celCompileUs: us[id]['cel-js'],
          compileOverFloor: us[id].compile / us[id].floor,
          ...(COMPILE_BOUND ? { boundUs: us[id].bound, boundOverFloor: us[id].bound / us[id].floor } : {}),
        }
      : {}),
    ...(OWN_COPIES ? { ownNs: ns[id]['userfn-own'], celOverOwn: ns[id]['cel-js'] / ns[id]['userfn-own'], ownOverJs: ns[id]['userfn-own'] / ns[id].js } : {}),
  });
  const rows = ids.map(row);
  const compiled = rows.filter((r) => r.compileOverFloor !== undefined);
  const targets = [
    ...evaluationTargets(rows, 'celOverUserfn', 'userfnOverJs'),
    {
      target: 'compile() within 2x of the lexer+grammar floor, every workload',
      met: compiled.every((r) => r.compileOverFloor <= 2),
      value: Math.max(...compiled.map((r) => r.compileOverFloor)),
    },
    { target: 'first compile in a fresh process < 10 ms', met: first.firstCompileMs < 10, value: first.firstCompileMs },
  ];
  const f = (x, d = 1) => (x === undefined || x === null ? 'n/a' : x.toFixed(d));
  const lines = [
    `Shared process: ${workloads.length} workloads + RS (${contract.length} conditions, ${contractMemberNames().size} member names, ${sessions.length} sessions), ${ROUNDS} rounds, CPU time, medians.`,
    '',
    '| | UserFn ns | cel-js ns | hand-written ns | cel-js ÷ UserFn | UserFn ÷ hand-written | compile µs | parse µs | lexer+grammar µs | compile ÷ floor | cel-js parse+check µs |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.id} | ${f(r.userfnNs)} | ${f(r.celJsNs)} | ${f(r.jsNs)} | ${f(r.celOverUserfn)}× | ${f(r.userfnOverJs)}× | ${f(r.compileUs, 2)} | ${f(r.parseUs, 2)} | ${f(r.floorUs, 2)} | ${r.compileOverFloor === undefined ? 'n/a' : `${f(r.compileOverFloor, 2)}×`} | ${f(r.celCompileUs, 2)} |`,
    ),
    '',
    `RS figures are per evaluation of the whole contract, on sessions decoded from JSON${BUILT_SESSIONS ? " (RS-built: the same sessions built key by key, their `output` objects in V8's dictionary mode; no target reads it)" : ''}; RS compile figures are per condition. First compile in a fresh process: ${f(first.firstCompileMs, 2)} ms (after ${f(first.importMs)} ms of module loading).`,
    '',
    ...targets.map((t) => `- ${t.met ? 'met' : 'MISSED'}: ${t.target} (${f(t.value, 2)})`),
    ...(OWN_COPIES ? ownCopiesReport(rows, f) : []),
    ...(RULE_SET_CODE ? ruleSetCodeReport(ns, code, f) : []),
    ...(COMPILE_BOUND ? compileBoundReport(compiled, f) : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  writeFileSync(
    OUT,
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, quick, rounds: ROUNDS, load: (await import('node:os')).loadavg(), rows, first, targets, ...(RULE_SET_CODE ? { ruleSetCode: ruleSetCodeFigures(ns, code) } : {}) }, null, 2)}\n`,
  );
}

/** Issue 18's evaluation targets, read on the rows' ratio fields `celOver` (cel-js ÷ engine) and `overJs` (engine ÷ hand-written). */
function evaluationTargets(rows, celOver, overJs) {
  const w16 = rows.filter((r) => ['W1', 'W2', 'W3', 'W4', 'W5', 'W6'].includes(r.id));
  const rs = rows.find((r) => r.id === 'RS');
  const w7 = rows.find((r) => r.id === 'W7');
  return [
    { target: 'W1–W6 each >= 5x faster than cel-js', met: w16.every((r) => r[celOver] >= 5), value: Math.min(...w16.map((r) => r[celOver])) },
    { target: 'RS >= 5x faster than cel-js', met: rs[celOver] >= 5, value: rs[celOver] },
    { target: 'geomean W1–W6 within 5x of hand-written', met: geomean(w16.map((r) => r[overJs])) <= 5, value: geomean(w16.map((r) => r[overJs])) },
    { target: 'W7 within 3x of a hand-written read', met: w7[overJs] <= 3, value: w7[overJs] },
  ];
}

/** The evaluation figures of `userfn-own` (each expression with a copy of the core of its own), and the evaluation targets read on them. */
function ownCopiesReport(rows, f) {
  const checks = evaluationTargets(rows, 'celOverOwn', 'ownOverJs');
  return [
    '',
    'Each expression compiled by a copy of the core of its own (--own-copies: inline caches per expression, as code per expression would have):',
    '',
    '| | UserFn ns | own copy ns | cel-js ÷ own copy | own copy ÷ hand-written |',
    '|---|---:|---:|---:|---:|',
    ...rows.map((r) => `| ${r.id} | ${f(r.userfnNs)} | ${f(r.ownNs)} | ${f(r.celOverOwn)}× | ${f(r.ownOverJs)}× |`),
    '',
    ...checks.map((t) => `- ${t.met ? 'would be met' : 'would be MISSED'}: ${t.target} (${f(t.value, 2)})`),
  ];
}

/** The figures of --rule-set-code, per stream: the generated function's ns, and its ratios to cel-js and to the hand-written closures of the same run. */
function ruleSetCodeFigures(ns, code) {
  const of = (id) => ({
    userfnNs: ns[id].userfn,
    codeNs: ns[id]['userfn-code'],
    celOverCode: ns[id]['cel-js'] / ns[id]['userfn-code'],
    codeOverJs: ns[id]['userfn-code'] / ns[id].js,
  });
  return { decided: code.decided, conditions: code.sourceCount, RS: of('RS'), ...(BUILT_SESSIONS ? { 'RS-built': of('RS-built') } : {}) };
}

/** RS as one generated function per rule set (--rule-set-code), against cel-js and the hand-written closures of the same run. */
function ruleSetCodeReport(ns, code, f) {
  const figures = ruleSetCodeFigures(ns, code);
  const line = (id) => {
    const r = figures[id];
    return `| ${id} | ${f(r.userfnNs)} | ${f(r.codeNs)} | ${f(r.celOverCode)}× | ${f(r.codeOverJs)}× |`;
  };
  return [
    '',
    `The contract as one function generated per rule set (--rule-set-code; ${code.decided} of ${code.sourceCount} conditions decided in its code, the rest by their closures):`,
    '',
    '| | UserFn ns | rule-set code ns | cel-js ÷ rule-set code | rule-set code ÷ hand-written |',
    '|---|---:|---:|---:|---:|',
    line('RS'),
    ...(BUILT_SESSIONS ? [line('RS-built')] : []),
    '',
    `- ${figures.RS.celOverCode >= 5 ? 'would be met' : 'would be MISSED'}: RS >= 5x faster than cel-js (${f(figures.RS.celOverCode, 2)})`,
  ];
}

/** The one-pass front end beside compile() (--compile-bound), each ÷ the lexer + grammar floor. */
function compileBoundReport(rows, f) {
  const worst = Math.max(...rows.map((r) => r.boundOverFloor));
  return [
    '',
    'A one-pass front end, the checked tree built as the records are read (--compile-bound, src/compile-bound.mjs; not shipped):',
    '',
    '| | lexer+grammar µs | compile µs | one-pass µs | compile ÷ floor | one-pass ÷ floor |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) => `| ${r.id} | ${f(r.floorUs, 2)} | ${f(r.compileUs, 2)} | ${f(r.boundUs, 2)} | ${f(r.compileOverFloor, 2)}× | ${f(r.boundOverFloor, 2)}× |`,
    ),
    '',
    `- ${worst <= 2 ? 'would be met' : 'would be MISSED'}: compile within 2x of the lexer+grammar floor, every workload (${f(worst, 2)})`,
  ];
}

main().catch((e) => {
  process.stderr.write(`${e?.stack ?? e}\n`);
  process.exit(1);
});
