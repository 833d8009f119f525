import { describe, expect, it } from 'vitest';
import { progressLine, progressReporter } from './progress.js';
import { addStats, binOf, emptyStats, formatSummary, summarize } from './stats.js';

describe('progress', () => {
  it('shows a bar, the rate and the ETA when the input size is known', () => {
    expect(progressLine({ records: 12345, bytesRead: 250 }, 2000, 1000)).toBe('[######------------------]  25%  12,345 records  6,173/s  ETA 0:06');
    expect(progressLine({ records: 10, bytesRead: 1000 }, 1000, 1000)).toBe('[########################] 100%  10 records  10/s  ETA 0:00');
  });

  it('shows only the count and rate for standard input', () => {
    expect(progressLine({ records: 5000, bytesRead: 1 }, 4000)).toBe('5,000 records  1,250/s');
  });

  it('redraws at most once per interval and erases itself at the end', () => {
    let t = 0;
    const writes: string[] = [];
    const r = progressReporter(
      (s) => writes.push(s),
      100,
      100,
      () => t,
    );
    r.update({ records: 1, bytesRead: 10 });
    t = 50;
    r.update({ records: 2, bytesRead: 20 });
    t = 150;
    r.update({ records: 3, bytesRead: 30 });
    r.done();
    expect(writes).toHaveLength(3);
    expect(writes[0]).toMatch(/^\r\[.*\b1 records\b.*\x1b\[K$/);
    expect(writes[1]).toContain('3 records');
    expect(writes[2]).toBe('\r\x1b[K');
  });

  it('erases nothing when it never drew', () => {
    const writes: string[] = [];
    progressReporter((s) => writes.push(s), undefined).done();
    expect(writes).toEqual([]);
  });
});

/** Totals as a run adds them: one chunk's scores and misses added into empty totals. */
function totals(chunk: { records: number; passed: number; failed: number; inputErrors: number; scores: number[]; ruleMisses: number[] }) {
  const total = emptyStats(chunk.ruleMisses.length);
  addStats(total, { ...emptyStats(chunk.ruleMisses.length), ...chunk });
  return total;
}

describe('formatSummary', () => {
  it('gives the counts, the mean score, the share of 0s and 1s, a histogram of the scores, and the rules that failed most (at most five)', () => {
    const scores = [1, 1, 1, 1, 1, 0.5, 0, 0.25, 0.75];
    const s = summarize(totals({ records: 10, passed: 6, failed: 3, inputErrors: 1, scores, ruleMisses: [0, 4, 4, 1, 1, 1, 2] }), [
      'a',
      'b',
      'c',
      'd',
      'e',
      'f',
      'g',
    ]);
    expect(s.failuresByRule.map((x) => x.rule)).toEqual(['b', 'c', 'g', 'd', 'e', 'f']);
    expect([s.zeros, s.ones]).toEqual([1, 5]);
    expect(s.scoreHistogram).toEqual([1, 0, 1, 0, 0, 1, 0, 1, 0, 5]);
    const bar = (n: number) => '#'.repeat(n).padEnd(30);
    expect(formatSummary(s)).toBe(
      [
        '10 records: 6 passed, 3 failed, 1 input error; mean score 0.7222',
        'scores: 11.1% are 0, 55.6% are 1',
        `  0.0-0.1 ${bar(6)} 1`,
        `  0.1-0.2 ${bar(0)} 0`,
        `  0.2-0.3 ${bar(6)} 1`,
        `  0.3-0.4 ${bar(0)} 0`,
        `  0.4-0.5 ${bar(0)} 0`,
        `  0.5-0.6 ${bar(6)} 1`,
        `  0.6-0.7 ${bar(0)} 0`,
        `  0.7-0.8 ${bar(6)} 1`,
        `  0.8-0.9 ${bar(0)} 0`,
        `  0.9-1.0 ${bar(30)} 5`,
        'rules that failed most: b (4), c (4), g (2), d (1), e (1)',
        '',
      ].join('\n'),
    );
  });

  it('bins a score a hair below a tenth (a sum of weights) on that tenth, and 1 in the last bin', () => {
    expect([0.1 + 0.2, 0.7 - 1e-12, 0.7 - 1e-6, 0.3 - 1e-15, 0.999, 1, 0].map(binOf)).toEqual([3, 7, 6, 3, 9, 9, 0]);
  });

  it('says when every rule held, and has no mean nor histogram without verified records', () => {
    expect(formatSummary(summarize(totals({ records: 2, passed: 2, failed: 0, inputErrors: 0, scores: [1, 1], ruleMisses: [0] }), ['a']))).toContain(
      'scores: 0.0% are 0, 100.0% are 1\n',
    );
    expect(
      formatSummary(summarize(totals({ records: 2, passed: 2, failed: 0, inputErrors: 0, scores: [1, 1], ruleMisses: [0] }), ['a'])).endsWith(
        'every rule held on every record\n',
      ),
    ).toBe(true);
    expect(formatSummary(summarize(totals({ records: 1, passed: 0, failed: 0, inputErrors: 1, scores: [], ruleMisses: [0] }), ['a']))).toBe(
      '1 record: 0 passed, 0 failed, 1 input error; mean score n/a\n',
    );
  });
});
