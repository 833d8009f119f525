/**
 * The engines the bench compares, each with an adapter that turns one source
 * (in the engine's own syntax, from workloads.json) into a precompiled target,
 * says how one evaluation is called, and what "compile" means for it.
 *
 * `call` is a JavaScript expression spliced into a generated timing loop
 * (see loops.mjs): T is the precompiled target, X the context, B the engine's
 * per-workload constant (bindings, the json-logic module). Generating the loop
 * per (engine, workload) keeps every call site monomorphic for its own engine.
 */

/** The rows, in table order. `group`: userfn, floor (hand-written JS) or peer. */
export const ENGINES = [
  { id: 'userfn', label: 'UserFn (compiled closures)', syntax: 'userfn', group: 'userfn' },
  { id: 'userfn-interpreter', label: 'UserFn (reference interpreter)', syntax: 'userfn', group: 'userfn' },
  { id: 'js', label: 'hand-written JS closure', syntax: 'js', group: 'floor' },
  { id: 'cel-js', label: '@marcbachmann/cel-js', syntax: 'cel', group: 'peer' },
  { id: 'bufbuild-cel', label: '@bufbuild/cel', syntax: 'cel', group: 'peer' },
  { id: 'jexl', label: 'jexl', syntax: 'jexl', group: 'peer' },
  { id: 'filtrex', label: 'filtrex', syntax: 'filtrex', group: 'peer' },
  { id: 'expr-eval', label: 'expr-eval', syntax: 'expr-eval', group: 'peer' },
  { id: 'jsonata', label: 'jsonata', syntax: 'jsonata', group: 'peer' },
  { id: 'json-logic', label: 'json-logic-js', syntax: 'json-logic', group: 'peer' },
  { id: 'jsonpath-plus', label: 'jsonpath-plus', syntax: 'jsonpath-plus', group: 'peer' },
];

/** The engine with this id, or a thrown Error naming the known ones. */
export function engineById(id) {
  const e = ENGINES.find((x) => x.id === id);
  if (!e) throw new Error(`unknown engine '${id}' (known: ${ENGINES.map((x) => x.id).join(', ')})`);
  return e;
}

/**
 * A module of the core's per-file build (tsc's dist/), for what is not public
 * API (the lexer and the grammar alone, the compile floor). The package's
 * entries are bundles (dist/lib), so these paths are not beside them.
 */
export function coreBuildFile(path) {
  return new URL(`dist/${path}`, import.meta.resolve('@userfn/core/package.json'));
}

const heldOptions = new WeakMap();

/**
 * The UserFn compile options of a workload: its profile and the bench's fixed
 * clock, as a Date (what a host holds; a string would be parsed on every
 * compile). One object per workload and clock, made on the first call and
 * given to every compile after, as a host holds its options: made anew per
 * call, the object and its Date were timed as part of each compile() (about
 * 0.2 µs of W2's 3 in the shared process) and of nobody else's. (A timed loop
 * that calls this per compile pays a WeakMap lookup, a few ns; the shared
 * process looks it up once per workload.)
 */
export function userfnOptions(workload, now) {
  const held = heldOptions.get(workload);
  if (held !== undefined && held.now === now) return held.options;
  const options = Object.freeze({ profile: workload.userfnProfile ?? 'verification', now: new Date(now) });
  heldOptions.set(workload, { now, options });
  return options;
}

/**
 * Loads one engine's adapter. `bench` holds the workload file's `now`.
 * Each adapter: prepare(source, workload) -> target; call; async; bindings(workload);
 * context(ctx) (run once per context copy, outside the timed loop);
 * compile(source, workload) or null, with `compileWhat` saying what it includes.
 */
export async function loadAdapter(id, bench) {
  const nowDate = new Date(bench.now);
  const nowMs = nowDate.getTime();
  const same = (ctx) => ctx;
  const noBindings = () => undefined;

  switch (id) {
    case 'userfn':
    case 'userfn-interpreter': {
      const core = await import('@userfn/core');
      const compiled = id === 'userfn';
      return {
        core,
        prepare: (source, wl) => core.compile(source, userfnOptions(wl, bench.now)),
        call: compiled ? 'T.evaluate(X)' : 'T.interpret(X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: compiled ? (source, wl) => core.compile(source, userfnOptions(wl, bench.now)) : null,
        compileWhat: compiled ? 'compile(): parse + check + closures' : 'the same compile() as the compiled row',
      };
    }
    case 'js': {
      return {
        // The floor is JS source too: made into a closure once, like any precompiled target.
        prepare: (source) => new Function('NOW_MS', `'use strict'; return (${source});`)(nowMs),
        call: 'T(X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: null,
        compileWhat: 'hand-written: nothing to compile',
      };
    }
    case 'cel-js': {
      const { Environment } = await import('@marcbachmann/cel-js');
      const env = new Environment({ unlistedVariablesAreDyn: false });
      for (const v of ['agent', 'session', 'output', 'tools']) env.registerVariable(v, 'dyn');
      env.registerVariable('now', 'google.protobuf.Timestamp');
      const parseAndCheck = (source) => {
        const fn = env.parse(source);
        const checked = fn.check();
        if (!checked.valid) throw checked.error;
        return fn;
      };
      return {
        prepare: parseAndCheck,
        call: 'T(X)',
        async: false,
        bindings: noBindings,
        context: (ctx) => ({ ...ctx, now: new Date(nowMs) }),
        compile: parseAndCheck,
        compileWhat: 'env.parse() + check()',
      };
    }
    case 'bufbuild-cel': {
      const cel = await import('@bufbuild/cel');
      const { timestampFromDate } = await import('@bufbuild/protobuf/wkt');
      const DYN = cel.CelScalar.DYN;
      const env = cel.celEnv({ variables: { agent: DYN, session: DYN, output: DYN, tools: DYN, now: DYN } });
      const parseAndPlan = (source) => cel.plan(env, cel.parse(source));
      return {
        prepare: parseAndPlan,
        call: 'T(X)',
        async: false,
        bindings: noBindings,
        context: (ctx) => ({ ...ctx, now: timestampFromDate(new Date(nowMs)) }),
        compile: parseAndPlan,
        compileWhat: 'parse() + plan() (0.6 exports no checker)',
      };
    }
    case 'jexl': {
      const jexl = (await import('jexl')).default;
      return {
        prepare: (source) => jexl.compile(source),
        call: 'T.evalSync(X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: (source) => jexl.compile(source),
        compileWhat: 'jexl.compile() (parse; no checker)',
      };
    }
    case 'filtrex': {
      const { compileExpression } = await import('filtrex');
      return {
        prepare: (source) => compileExpression(source),
        call: 'T(X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: (source) => compileExpression(source),
        compileWhat: 'compileExpression() (parse + JS codegen)',
      };
    }
    case 'expr-eval': {
      const { Parser } = await import('expr-eval');
      const parser = new Parser();
      parser.consts.null = null; // expr-eval has no null literal
      return {
        prepare: (source) => parser.parse(source),
        call: 'T.evaluate(X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: (source) => parser.parse(source),
        compileWhat: 'parser.parse() (no checker)',
      };
    }
    case 'jsonata': {
      const jsonata = (await import('jsonata')).default;
      return {
        prepare: (source) => jsonata(source),
        call: 'await T.evaluate(X, B)',
        async: true,
        bindings: () => ({ nowMs }),
        context: same,
        compile: (source) => jsonata(source),
        compileWhat: 'jsonata() (parse; no checker)',
      };
    }
    case 'json-logic': {
      const jsonLogic = (await import('json-logic-js')).default;
      return {
        prepare: (rule) => rule,
        call: 'B.apply(T, X)',
        async: false,
        bindings: () => jsonLogic,
        context: same,
        compile: null,
        compileWhat: 'no compile step: the rule (JSON) is interpreted on every call',
      };
    }
    case 'jsonpath-plus': {
      const { JSONPath } = await import('jsonpath-plus');
      return {
        prepare: (path) => new JSONPath({ autostart: false, wrap: false, path }),
        call: 'T.evaluate(undefined, X)',
        async: false,
        bindings: noBindings,
        context: same,
        compile: null,
        compileWhat: 'no compile step (paths are split on first use and cached)',
      };
    }
    default:
      throw new Error(`no adapter for engine '${id}'`);
  }
}
