/**
 * Generated timing loops. One loop function is generated per (engine,
 * workload), so its call sites see one engine and one expression only: no
 * engine can make another's call sites polymorphic. (new Function is fine
 * here: the bench is not shipped code.)
 *
 * A loop runs `n` evaluations, cycling over CONTEXT_COPIES structurally
 * identical copies of the context, so that a fully inlined hand-written
 * closure cannot have its loads hoisted out of the loop; it returns the last
 * result so that no call is dead code.
 */
import { iterationsFor, median, summarize } from './stats.mjs';

export const CONTEXT_COPIES = 8;

const AsyncFunction = (async () => {}).constructor;

function targetParams(count) {
  return Array.from({ length: count }, (_, i) => `T${i}`);
}

/** The loop body's evaluation: one call, or for a rule set the count of calls that gave true. */
function evaluation(call, count) {
  if (count === 1) return `r = ${call.replace(/\bT\b/g, 'T0')};`;
  const lines = ['let k = 0;'];
  for (let i = 0; i < count; i++) lines.push(`if (${call.replace(/\bT\b/g, `T${i}`)} === true) k++;`);
  lines.push('r = k;');
  return lines.join('\n    ');
}

/**
 * A loop `(T0..Tk, B, XS, n) => last result` for this call template.
 * The template names the target `T`, the context `X` and the bindings `B`.
 */
export function makeLoop(call, count, isAsync) {
  if (/T\d/.test(call)) throw new Error(`a call template must name its target T, not T<n>: ${call}`);
  const body = `'use strict';
  let r;
  for (let i = 0; i < n; i++) {
    const X = XS[i & ${CONTEXT_COPIES - 1}];
    ${evaluation(call, count)}
  }
  return r;`;
  const Ctor = isAsync ? AsyncFunction : Function;
  return new Ctor(...targetParams(count), 'B', 'XS', 'n', body);
}

/** One evaluation `(T0..Tk, B, X) => result`, for checking results before timing. */
export function makeOnce(call, count, isAsync) {
  const body = `'use strict';
  let r;
  ${evaluation(call, count)}
  return r;`;
  const Ctor = isAsync ? AsyncFunction : Function;
  return new Ctor(...targetParams(count), 'B', 'X', body);
}

/**
 * Runs `run(n)` once; returns its wall time and the process's CPU time (user +
 * system, all threads) in ms. On a shared machine the wall time includes the
 * time the process was descheduled; the CPU time does not.
 */
async function timeOnce(run, n) {
  const c0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const r = run(n);
  if (r instanceof Promise) await r;
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const c = process.cpuUsage(c0);
  return { wallMs, cpuMs: (c.user + c.system) / 1000 };
}

/**
 * Times `run(n)` (n operations per call): calibrates n for samples of about
 * `sampleMs`, warms up for at least `warmupMs` (and, with `settleMs`, on
 * until the timings stop improving, see settled(), or `settleMs` has
 * passed: large compilers take seconds to reach their steady
 * state), then takes `samples` samples. Returns the per-op summary in
 * nanoseconds of CPU time (median, min, max, IQR/median), the median per-op
 * wall time beside it, and how long the warm-up took.
 */
export async function measure(run, { sampleMs = 10, warmupMs = 300, settleMs = 0, samples = 15, maxIterations = 5e7 } = {}) {
  let n = 1;
  let ms = (await timeOnce(run, n)).wallMs;
  while (ms < 2 && n < maxIterations) {
    n = Math.min(maxIterations, n * 4);
    ms = (await timeOnce(run, n)).wallMs;
  }
  n = iterationsFor(sampleMs, n, ms, maxIterations);
  const start = performance.now();
  const recent = [];
  for (;;) {
    const t = await timeOnce(run, n);
    recent.push(t.cpuMs / n);
    // Code that speeds up while warming would make ever shorter samples: keep them near sampleMs.
    if (t.wallMs < sampleMs / 2) n = iterationsFor(sampleMs, n, t.wallMs, maxIterations);
    const elapsed = performance.now() - start;
    if (elapsed < warmupMs || recent.length < 3) continue;
    if (elapsed >= Math.max(warmupMs, settleMs) || (recent.length >= 10 && settled(recent.slice(-10)))) break;
  }
  const warmupTookMs = performance.now() - start;
  // Re-calibrate once warm: the first probe ran in the interpreter.
  n = iterationsFor(sampleMs, n, (await timeOnce(run, n)).cpuMs, maxIterations);
  if (typeof globalThis.gc === 'function') globalThis.gc();
  const cpuNs = [];
  const wallNs = [];
  for (let i = 0; i < samples; i++) {
    const t = await timeOnce(run, n);
    cpuNs.push((t.cpuMs * 1e6) / n);
    wallNs.push((t.wallMs * 1e6) / n);
  }
  return { ...summarize(cpuNs), wallMedian: median(wallNs), iterations: n, warmupMs: Math.round(warmupTookMs) };
}

/**
 * Warm-up is over when the fastest of the last five per-op timings is no
 * better than the fastest of the five before, within 5%: minima ignore the
 * noise of a shared machine, and code still being optimised keeps improving.
 */
export function settled(lastTen) {
  const before = Math.min(...lastTen.slice(0, 5));
  const after = Math.min(...lastTen.slice(5));
  return before > 0 && after >= before * 0.95;
}
