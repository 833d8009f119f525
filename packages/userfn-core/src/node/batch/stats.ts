/** Counts over a chunk of a batch run; chunks add up in input order. */
export interface BatchStats {
  /** Input lines read (each gives one output line). */
  records: number;
  passed: number;
  failed: number;
  inputErrors: number;
  /** The sum of the scores of the records that were verified. */
  scoreSum: number;
  /**
   * A chunk's scores in line order. Totals add them one by one, so the mean
   * is the same float however the input was cut into chunks (and on however
   * many workers); totals keep only the sum.
   */
  scores: number[];
  /** How many records each rule did not hold for, by rule index. */
  ruleMisses: number[];
  /** Totals only (added from chunks' scores): scores per tenth, [0, 0.1) … [0.9, 1]. */
  histogram: number[];
  /** Totals only: how many records scored exactly 0, and exactly 1. */
  zeros: number;
  ones: number;
  /** Records with a judge rule that gave no verdict (rule sets with judges). */
  incomplete?: number;
  /** Judge rules that gave no verdict, over all records (a call that failed, a reply that did not fit). */
  judgeErrors?: number;
}

/** What the judges did in a run. */
export interface JudgeSummary {
  /** Judge requests answered (one per session with judge rules that ran, and per extra sample). */
  readonly asks: number;
  readonly cacheHits: number;
  /** Calls that failed after their retries (no reply at all). */
  readonly errors: number;
  /** Judge rules, over all records, that got no verdict: from a failed call, or a reply that is not JSON or misses the rule. */
  readonly ruleErrors: number;
  /** HTTP requests sent, retries included. */
  readonly attempts: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Records with a judge rule that gave no verdict. */
  readonly incomplete: number;
}

/** The histogram's bins: tenths of the score. */
export const HISTOGRAM_BINS = 10;

/** A score's bin: its tenth, 1 in the last one (a sum of weights a hair below a tenth's edge counts as on it). */
export const binOf = (score: number): number => Math.max(0, Math.min(HISTOGRAM_BINS - 1, Math.floor(score * HISTOGRAM_BINS + 1e-9)));

/** What a batch run found. */
export interface BatchSummary {
  /** Input lines read (each gave one output line). */
  readonly records: number;
  readonly passed: number;
  readonly failed: number;
  readonly inputErrors: number;
  /** The mean score of the verified records (input errors excluded); null when none was verified. */
  readonly meanScore: number | null;
  /** Every rule that did not hold on some record, most misses first (ties in rule-set order). */
  readonly failuresByRule: readonly { readonly rule: string; readonly count: number }[];
  /** For a rule set with judge rules. */
  readonly judge?: JudgeSummary;
  /** How many verified records scored in each tenth, [0, 0.1) … [0.9, 1]. */
  readonly scoreHistogram: readonly number[];
  /** How many verified records scored exactly 0, and exactly 1. */
  readonly zeros: number;
  readonly ones: number;
}

/** Empty counts for a rule set of `ruleCount` rules. */
export function emptyStats(ruleCount: number): BatchStats {
  return {
    records: 0,
    passed: 0,
    failed: 0,
    inputErrors: 0,
    scoreSum: 0,
    scores: [],
    ruleMisses: new Array<number>(ruleCount).fill(0),
    histogram: new Array<number>(HISTOGRAM_BINS).fill(0),
    zeros: 0,
    ones: 0,
  };
}

/** Adds `b` into `a`. */
export function addStats(a: BatchStats, b: BatchStats): void {
  a.records += b.records;
  a.passed += b.passed;
  a.failed += b.failed;
  a.inputErrors += b.inputErrors;
  for (const score of b.scores) {
    a.scoreSum += score;
    a.histogram[binOf(score)]!++;
    if (score === 0) a.zeros++;
    else if (score === 1) a.ones++;
  }
  for (let i = 0; i < b.ruleMisses.length; i++) a.ruleMisses[i] = (a.ruleMisses[i] ?? 0) + b.ruleMisses[i]!;
  if (b.incomplete) a.incomplete = (a.incomplete ?? 0) + b.incomplete;
  if (b.judgeErrors) a.judgeErrors = (a.judgeErrors ?? 0) + b.judgeErrors;
}

/** The summary of a run's counts, rules named by id. */
export function summarize(s: BatchStats, ruleIds: readonly string[]): BatchSummary {
  const verified = s.passed + s.failed;
  return {
    records: s.records,
    passed: s.passed,
    failed: s.failed,
    inputErrors: s.inputErrors,
    meanScore: verified === 0 ? null : s.scoreSum / verified,
    failuresByRule: s.ruleMisses
      .map((count, i) => ({ rule: ruleIds[i]!, count, i }))
      .filter((x) => x.count > 0)
      .sort((a, b) => b.count - a.count || a.i - b.i)
      .map(({ rule, count }) => ({ rule, count })),
    scoreHistogram: [...s.histogram],
    zeros: s.zeros,
    ones: s.ones,
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const BAR = 30;
const percent = (n: number, of: number) => `${((n / of) * 100).toFixed(1)}%`;

/**
 * The scores' distribution as terminal text: the share of 0s and 1s, then a
 * bar per tenth (the longest bar is the fullest bin).
 *
 *   scores: 12.0% are 0, 45.0% are 1
 *     0.0-0.1 ########                        120
 */
export function formatHistogram(s: BatchSummary): string {
  const verified = s.passed + s.failed;
  if (verified === 0) return '';
  const most = Math.max(...s.scoreHistogram);
  let text = `scores: ${percent(s.zeros, verified)} are 0, ${percent(s.ones, verified)} are 1\n`;
  s.scoreHistogram.forEach((n, i) => {
    const bar = '#'.repeat(most === 0 ? 0 : Math.round((n / most) * BAR));
    text += `  ${(i / HISTOGRAM_BINS).toFixed(1)}-${((i + 1) / HISTOGRAM_BINS).toFixed(1)} ${bar.padEnd(BAR)} ${n}\n`;
  });
  return text;
}

/** The end-of-run summary as text: counts and mean score, the scores' histogram, then the (at most five) rules that failed most. */
export function formatSummary(s: BatchSummary): string {
  const mean = s.meanScore === null ? 'n/a' : s.meanScore.toFixed(4);
  let text = `${plural(s.records, 'record')}: ${s.passed} passed, ${s.failed} failed, ${plural(s.inputErrors, 'input error')}; mean score ${mean}\n`;
  text += formatHistogram(s);
  if (s.passed + s.failed > 0) {
    const top = s.failuresByRule.slice(0, 5);
    text += top.length === 0 ? 'every rule held on every record\n' : `rules that failed most: ${top.map((t) => `${t.rule} (${t.count})`).join(', ')}\n`;
  }
  const j = s.judge;
  if (j) {
    const calls = j.asks - j.cacheHits;
    text += `judge: ${plural(j.asks, 'request')} (${calls} sent, ${plural(j.cacheHits, 'cache hit')}), ${plural(j.errors, 'failed call')}, ${plural(j.ruleErrors, 'judge error')} (rules without a verdict), ${plural(j.incomplete, 'incomplete record')}; tokens ${j.promptTokens + j.completionTokens} (prompt ${j.promptTokens}, completion ${j.completionTokens})\n`;
  }
  return text;
}
