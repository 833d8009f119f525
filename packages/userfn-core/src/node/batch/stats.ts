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
  /** Records with a judge rule that gave no verdict (rule sets with judges). */
  incomplete?: number;
}

/** What the judges did in a run. */
export interface JudgeSummary {
  /** Judge requests answered (one per session with judge rules that ran, and per extra sample). */
  readonly asks: number;
  readonly cacheHits: number;
  /** Calls that gave no usable reply after their retries. */
  readonly errors: number;
  /** HTTP requests sent, retries included. */
  readonly attempts: number;
  readonly promptTokens: number;
  readonly completionTokens: number;
  /** Records with a judge rule that gave no verdict. */
  readonly incomplete: number;
}

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
}

/** Empty counts for a rule set of `ruleCount` rules. */
export function emptyStats(ruleCount: number): BatchStats {
  return { records: 0, passed: 0, failed: 0, inputErrors: 0, scoreSum: 0, scores: [], ruleMisses: new Array<number>(ruleCount).fill(0) };
}

/** Adds `b` into `a`. */
export function addStats(a: BatchStats, b: BatchStats): void {
  a.records += b.records;
  a.passed += b.passed;
  a.failed += b.failed;
  a.inputErrors += b.inputErrors;
  for (const score of b.scores) a.scoreSum += score;
  for (let i = 0; i < b.ruleMisses.length; i++) a.ruleMisses[i] = (a.ruleMisses[i] ?? 0) + b.ruleMisses[i]!;
  if (b.incomplete) a.incomplete = (a.incomplete ?? 0) + b.incomplete;
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
  };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The end-of-run summary as text: counts and mean score, then the (at most five) rules that failed most. */
export function formatSummary(s: BatchSummary): string {
  const mean = s.meanScore === null ? 'n/a' : s.meanScore.toFixed(4);
  let text = `${plural(s.records, 'record')}: ${s.passed} passed, ${s.failed} failed, ${plural(s.inputErrors, 'input error')}; mean score ${mean}\n`;
  if (s.passed + s.failed > 0) {
    const top = s.failuresByRule.slice(0, 5);
    text += top.length === 0 ? 'every rule held on every record\n' : `rules that failed most: ${top.map((t) => `${t.rule} (${t.count})`).join(', ')}\n`;
  }
  const j = s.judge;
  if (j) {
    const calls = j.asks - j.cacheHits;
    text += `judge: ${plural(j.asks, 'request')} (${calls} sent, ${plural(j.cacheHits, 'cache hit')}), ${plural(j.errors, 'error')}, ${plural(j.incomplete, 'incomplete record')}; tokens ${j.promptTokens + j.completionTokens} (prompt ${j.promptTokens}, completion ${j.completionTokens})\n`;
  }
  return text;
}
