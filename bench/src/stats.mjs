/**
 * Small statistics used by the bench: order statistics of samples, ratios and
 * the geometric mean. Pure functions, tested in stats.test.mjs.
 */

/** The sorted copy of a list of numbers (the input is left as it is). */
function sorted(xs) {
  return [...xs].sort((a, b) => a - b);
}

/**
 * The p-th percentile (0..100) with linear interpolation between the closest
 * ranks (the "R-7" definition used by spreadsheets and numpy's default).
 */
export function percentile(xs, p) {
  if (xs.length === 0) return null;
  if (!(p >= 0 && p <= 100)) throw new RangeError(`percentile out of range: ${p}`);
  const s = sorted(xs);
  const rank = (p / 100) * (s.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return s[lo] + (s[hi] - s[lo]) * (rank - lo);
}

/** The median (the 50th percentile; the mean of the two middle values for an even count). */
export function median(xs) {
  return percentile(xs, 50);
}

/** A summary of timing samples: median, min, max, and the interquartile range relative to the median. */
export function summarize(xs) {
  if (xs.length === 0) return { n: 0, median: null, min: null, max: null, iqrRel: null };
  const m = median(xs);
  const iqr = percentile(xs, 75) - percentile(xs, 25);
  return { n: xs.length, median: m, min: Math.min(...xs), max: Math.max(...xs), iqrRel: m > 0 ? iqr / m : null };
}

/**
 * One cell's evaluation figure from several fresh processes (each a measure()
 * summary, whose median already discounts noisy samples within a process):
 * the lowest of their medians. On this shared machine whole processes of
 * every engine alike meet spells of interference that double their figures
 * (one run: jexl W2 525, 1147, 535 ns; UserFn W2 23.0, 10.7, 20.8 ns), and
 * interference only ever adds time, so the least disturbed process is the
 * best estimate; the same rule applies to every engine. min and max span all
 * processes; `processes` keeps each process's median; the spread within a
 * process (iqrRel), the wall-time median and the sample and iteration counts
 * are the chosen process's.
 */
export function combineProcesses(runs) {
  if (runs.length === 0) throw new RangeError('no process to combine');
  const best = runs.reduce((a, b) => (b.median < a.median ? b : a));
  return {
    ...best,
    min: Math.min(...runs.map((r) => r.min)),
    max: Math.max(...runs.map((r) => r.max)),
    processes: runs.map((r) => r.median),
  };
}

/** The geometric mean of positive numbers; null when any is missing or not positive. */
export function geomean(xs) {
  if (xs.length === 0) return null;
  let logSum = 0;
  for (const x of xs) {
    if (typeof x !== 'number' || !(x > 0) || !Number.isFinite(x)) return null;
    logSum += Math.log(x);
  }
  return Math.exp(logSum / xs.length);
}

/** a / b, or null when either side is missing or b is not positive. */
export function ratio(a, b) {
  if (typeof a !== 'number' || typeof b !== 'number' || !(b > 0) || !Number.isFinite(a)) return null;
  return a / b;
}

/** The entry with the smallest numeric `value` among entries that have one, or null. */
export function fastest(entries) {
  let best = null;
  for (const e of entries) {
    if (typeof e.value !== 'number' || !Number.isFinite(e.value)) continue;
    if (best === null || e.value < best.value) best = e;
  }
  return best;
}

/**
 * Chooses how many iterations one timed sample runs so that it lasts about
 * `targetMs`, from a probe of `probeIterations` iterations that took
 * `probeMs`: at least 1, at most `max`.
 */
export function iterationsFor(targetMs, probeIterations, probeMs, max = 1e9) {
  if (!(probeMs > 0)) return Math.min(max, probeIterations * 16);
  const n = Math.ceil((targetMs / probeMs) * probeIterations);
  return Math.max(1, Math.min(max, n));
}
