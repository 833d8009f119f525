import { describe, expect, test } from 'vitest';
import { SUPPORTED_PATTERN_LETTERS, parseDatetimePattern } from './index.js';

// One case per documented entry, keyed by its `letters`: the pattern puts the
// entry in the smallest context the combination rules allow, and the expected
// instant is exact. The key check below makes an undocumented or untested
// entry fail.
const cases: Record<string, { pattern: string; text: string; expected: string }> = {
  yyyy: { pattern: 'yyyy', text: '2026', expected: '2026-01-01T00:00:00Z' },
  yy: { pattern: 'yy', text: '26', expected: '2026-01-01T00:00:00Z' },
  uuuu: { pattern: 'uuuu', text: '0042', expected: '0042-01-01T00:00:00Z' },
  uu: { pattern: 'uu', text: '99', expected: '2099-01-01T00:00:00Z' },
  M: { pattern: 'yyyy/M', text: '2026/7', expected: '2026-07-01T00:00:00Z' },
  MM: { pattern: 'yyyyMM', text: '202607', expected: '2026-07-01T00:00:00Z' },
  MMM: { pattern: 'MMM yyyy', text: 'Jul 2026', expected: '2026-07-01T00:00:00Z' },
  MMMM: { pattern: 'MMMM yyyy', text: 'July 2026', expected: '2026-07-01T00:00:00Z' },
  d: { pattern: 'yyyy-MM-d', text: '2026-07-5', expected: '2026-07-05T00:00:00Z' },
  dd: { pattern: 'yyyyMMdd', text: '20260705', expected: '2026-07-05T00:00:00Z' },
  D: { pattern: 'yyyy D', text: '2026 32', expected: '2026-02-01T00:00:00Z' },
  DDD: { pattern: 'yyyyDDD', text: '2024366', expected: '2024-12-31T00:00:00Z' },
  H: { pattern: 'yyyy-MM-dd H', text: '2026-07-05 9', expected: '2026-07-05T09:00:00Z' },
  HH: { pattern: 'yyyy-MM-dd HH', text: '2026-07-05 21', expected: '2026-07-05T21:00:00Z' },
  h: { pattern: 'yyyy-MM-dd h a', text: '2026-07-05 9 PM', expected: '2026-07-05T21:00:00Z' },
  hh: { pattern: 'yyyy-MM-dd hha', text: '2026-07-05 09AM', expected: '2026-07-05T09:00:00Z' },
  a: { pattern: 'h a', text: '12 am', expected: '1970-01-01T00:00:00Z' },
  m: { pattern: 'H:m', text: '10:5', expected: '1970-01-01T10:05:00Z' },
  mm: { pattern: 'HHmm', text: '1005', expected: '1970-01-01T10:05:00Z' },
  s: { pattern: 'HH:mm:s', text: '10:05:7', expected: '1970-01-01T10:05:07Z' },
  ss: { pattern: 'HHmmss', text: '100507', expected: '1970-01-01T10:05:07Z' },
  SSS: { pattern: 'HH:mm:ss.SSS', text: '10:05:07.123', expected: '1970-01-01T10:05:07.123Z' },
  EEE: { pattern: 'EEE yyyy-MM-dd', text: 'Sun 2026-07-05', expected: '2026-07-05T00:00:00Z' },
  EEEE: { pattern: 'EEEE, yyyy-MM-dd', text: 'Sunday, 2026-07-05', expected: '2026-07-05T00:00:00Z' },
  X: { pattern: 'yyyy-MM-dd HH:mmX', text: '2026-07-05 10:00+02', expected: '2026-07-05T08:00:00Z' },
  XX: { pattern: 'yyyy-MM-dd HH:mmXX', text: '2026-07-05 10:00-0130', expected: '2026-07-05T11:30:00Z' },
  XXX: { pattern: 'yyyy-MM-dd HH:mmXXX', text: '2026-07-05 10:00+02:00', expected: '2026-07-05T08:00:00Z' },
  x: { pattern: 'yyyy-MM-dd HH:mmx', text: '2026-07-05 10:00+0230', expected: '2026-07-05T07:30:00Z' },
  xx: { pattern: 'yyyy-MM-dd HH:mmxx', text: '2026-07-05 10:00+0000', expected: '2026-07-05T10:00:00Z' },
  xxx: { pattern: 'yyyy-MM-dd HH:mmxxx', text: '2026-07-05 10:00-03:00', expected: '2026-07-05T13:00:00Z' },
  Z: { pattern: 'yyyy-MM-dd HH:mm Z', text: '2026-07-05 10:00 -0800', expected: '2026-07-05T18:00:00Z' },
  "'text'": { pattern: "yyyy-MM-dd'T'HH:mm", text: '2026-07-05T10:00', expected: '2026-07-05T10:00:00Z' },
  "''": { pattern: "HH 'o''clock' ''", text: "10 o'clock '", expected: '1970-01-01T10:00:00Z' },
};

describe('every documented pattern letter', () => {
  test('the cases cover exactly the documented entries', () => {
    expect(Object.keys(cases).sort()).toEqual(SUPPORTED_PATTERN_LETTERS.map((e) => e.letters).sort());
  });

  test('every entry has a meaning and an example', () => {
    for (const entry of SUPPORTED_PATTERN_LETTERS) {
      expect(entry.meaning.length, entry.letters).toBeGreaterThan(10);
      expect(entry.example.length, entry.letters).toBeGreaterThan(0);
    }
  });

  test.each(Object.entries(cases))('%s', (_letters, { pattern, text, expected }) => {
    expect(parseDatetimePattern(text, pattern).toJSON()).toBe(expected);
  });
});

describe('synonyms', () => {
  test('S to SSSSSSSSS read exactly that many digits, kept to milliseconds', () => {
    expect(parseDatetimePattern('07.5', 'ss.S').ms).toBe(7_500);
    expect(parseDatetimePattern('07.05', 'ss.SS').ms).toBe(7_050);
    expect(parseDatetimePattern('07.123456', 'ss.SSSSSS').ms).toBe(7_123);
    expect(parseDatetimePattern('07.999999999', 'ss.SSSSSSSSS').ms).toBe(7_999);
  });

  test('E and EE are the short day name, like EEE', () => {
    expect(parseDatetimePattern('Sun 2026-07-05', 'E yyyy-MM-dd').toJSON()).toBe('2026-07-05T00:00:00Z');
    expect(parseDatetimePattern('Sun 2026-07-05', 'EE yyyy-MM-dd').toJSON()).toBe('2026-07-05T00:00:00Z');
  });

  test('ZZ and ZZZ are Z', () => {
    expect(parseDatetimePattern('10:00 +0100', 'HH:mm ZZ').toJSON()).toBe('1970-01-01T09:00:00Z');
    expect(parseDatetimePattern('10:00 +0100', 'HH:mm ZZZ').toJSON()).toBe('1970-01-01T09:00:00Z');
  });
});
