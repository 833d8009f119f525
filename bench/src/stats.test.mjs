import { describe, expect, it } from 'vitest';
import { combineProcesses, fastest, geomean, iterationsFor, median, percentile, ratio, summarize } from './stats.mjs';

describe('percentile and median', () => {
  it('interpolates between the closest ranks', () => {
    expect(percentile([1, 2, 3, 4], 50)).toBe(2.5);
    expect(percentile([10, 20, 30, 40, 50], 95)).toBeCloseTo(48);
    expect(percentile([7], 95)).toBe(7);
  });
  it('does not depend on the input order and leaves the input alone', () => {
    const xs = [5, 1, 4, 2, 3];
    expect(median(xs)).toBe(3);
    expect(xs).toEqual([5, 1, 4, 2, 3]);
  });
  it('gives null for no samples and rejects a percentile out of range', () => {
    expect(median([])).toBeNull();
    expect(() => percentile([1], 101)).toThrow(RangeError);
  });
});

describe('summarize', () => {
  it('gives the median, the extremes and the IQR relative to the median', () => {
    const s = summarize([10, 10, 10, 10, 20]);
    expect(s).toMatchObject({ n: 5, median: 10, min: 10, max: 20, iqrRel: 0 });
  });
  it('handles no samples', () => {
    expect(summarize([])).toMatchObject({ n: 0, median: null });
  });
});

describe('geomean and ratio', () => {
  it('is the geometric mean of positive numbers', () => {
    expect(geomean([1, 100])).toBeCloseTo(10);
    expect(geomean([2, 8])).toBeCloseTo(4);
  });
  it('is null when a figure is missing or not positive', () => {
    expect(geomean([1, null])).toBeNull();
    expect(geomean([1, 0])).toBeNull();
    expect(geomean([])).toBeNull();
  });
  it('divides, or gives null without two usable figures', () => {
    expect(ratio(10, 4)).toBe(2.5);
    expect(ratio(10, 0)).toBeNull();
    expect(ratio(null, 4)).toBeNull();
    expect(ratio(10, undefined)).toBeNull();
  });
});

describe('fastest', () => {
  it('picks the smallest value and skips entries without one', () => {
    expect(
      fastest([
        { engine: 'a', value: 3 },
        { engine: 'b', value: null },
        { engine: 'c', value: 2 },
      ]),
    ).toEqual({ engine: 'c', value: 2 });
    expect(fastest([{ engine: 'a', value: null }])).toBeNull();
  });
});

describe('iterationsFor', () => {
  it('scales the probe to the wanted sample length, within bounds', () => {
    expect(iterationsFor(10, 1000, 2)).toBe(5000);
    expect(iterationsFor(10, 1, 100)).toBe(1);
    expect(iterationsFor(10, 1000, 0.001, 1e5)).toBe(1e5);
    expect(iterationsFor(10, 8, 0)).toBe(128);
  });
});

describe('combineProcesses', () => {
  const run = (median, min, max, wall = median) => ({ n: 15, median, min, max, iqrRel: 0.01, wallMedian: wall, iterations: 1000 });
  it('takes the least disturbed process (the lowest median) and the extremes of all', () => {
    const c = combineProcesses([run(16, 15, 30, 16.2), run(8, 7.5, 9, 8.1), run(7.8, 7.6, 8, 7.9)]);
    expect(c).toMatchObject({ median: 7.8, wallMedian: 7.9, min: 7.5, max: 30, processes: [16, 8, 7.8] });
  });
  it('is the run itself for one process, and refuses none', () => {
    expect(combineProcesses([run(5, 4, 6)])).toMatchObject({ median: 5, min: 4, max: 6, processes: [5] });
    expect(() => combineProcesses([])).toThrow(RangeError);
  });
});
