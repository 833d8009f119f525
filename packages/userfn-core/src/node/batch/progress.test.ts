import { describe, expect, it } from 'vitest';
import { progressLine, progressReporter } from './progress.js';
import { formatSummary, summarize } from './stats.js';

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
    const r = progressReporter((s) => writes.push(s), 100, 100, () => t);
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

describe('formatSummary', () => {
  it('gives the counts, the mean score and the rules that failed most (at most five)', () => {
    const s = summarize({ records: 10, passed: 6, failed: 3, inputErrors: 1, scoreSum: 7.5, scores: [], ruleMisses: [0, 4, 4, 1, 1, 1, 2] }, ['a', 'b', 'c', 'd', 'e', 'f', 'g']);
    expect(s.failuresByRule.map((x) => x.rule)).toEqual(['b', 'c', 'g', 'd', 'e', 'f']);
    expect(formatSummary(s)).toBe('10 records: 6 passed, 3 failed, 1 input error; mean score 0.8333\nrules that failed most: b (4), c (4), g (2), d (1), e (1)\n');
  });

  it('says when every rule held, and has no mean without verified records', () => {
    expect(formatSummary(summarize({ records: 2, passed: 2, failed: 0, inputErrors: 0, scoreSum: 2, scores: [], ruleMisses: [0] }, ['a']))).toBe(
      '2 records: 2 passed, 0 failed, 0 input errors; mean score 1.0000\nevery rule held on every record\n',
    );
    expect(formatSummary(summarize({ records: 1, passed: 0, failed: 0, inputErrors: 1, scoreSum: 0, scores: [], ruleMisses: [0] }, ['a']))).toBe(
      '1 record: 0 passed, 0 failed, 1 input error; mean score n/a\n',
    );
  });
});
