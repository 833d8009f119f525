import { describe, expect, test } from 'vitest';
import { TimeParseError, parseIsoDatetime } from './index.js';

// toJSON is the values module's UTC formatter (not this module), so comparing
// with it checks the exact instant to the millisecond.
const iso = (text: string): string => parseIsoDatetime(text).toJSON();

function failure(text: string): TimeParseError {
  try {
    parseIsoDatetime(text);
  } catch (e) {
    expect(e).toBeInstanceOf(TimeParseError);
    return e as TimeParseError;
  }
  throw new Error(`expected ${text} to be rejected`);
}

describe('accepted forms', () => {
  test('RFC 3339 date-time with Z gives the exact epoch milliseconds', () => {
    expect(parseIsoDatetime('2026-11-21T10:00:00Z').ms).toBe(1_795_255_200_000);
    expect(parseIsoDatetime('1970-01-01T00:00:00Z').ms).toBe(0);
  });

  test('lowercase t and z are RFC 3339', () => {
    expect(iso('2026-11-21t10:00:00z')).toBe('2026-11-21T10:00:00Z');
  });

  test('a space may separate date and time (RFC 3339 section 5.6 note)', () => {
    expect(iso('2026-11-21 10:00:00Z')).toBe('2026-11-21T10:00:00Z');
  });

  test('date only is midnight UTC', () => {
    expect(parseIsoDatetime('2024-01-01').ms).toBe(1_704_067_200_000);
  });

  test('no zone means UTC', () => {
    expect(iso('2026-11-21T10:00:00')).toBe('2026-11-21T10:00:00Z');
  });

  test('seconds are optional, with or without a zone', () => {
    expect(iso('2026-11-21T10:07')).toBe('2026-11-21T10:07:00Z');
    expect(iso('2026-11-21T10:07+01:00')).toBe('2026-11-21T09:07:00Z');
  });

  test('years 0000 and 9999 are the bounds', () => {
    expect(iso('0000-01-01')).toBe('0000-01-01T00:00:00Z');
    expect(iso('9999-12-31T23:59:59.999Z')).toBe('9999-12-31T23:59:59.999Z');
  });

  test('leap days follow the Gregorian rule, including 0000 and 2000', () => {
    expect(iso('2024-02-29')).toBe('2024-02-29T00:00:00Z');
    expect(iso('2000-02-29')).toBe('2000-02-29T00:00:00Z');
    // Year 0000 is a leap year; a parser that reads 00 as 1900 would reject it.
    expect(iso('0000-02-29')).toBe('0000-02-29T00:00:00Z');
  });
});

describe('offsets become UTC instants', () => {
  test('positive and negative offsets', () => {
    expect(iso('2026-11-21T10:00:00+02:00')).toBe('2026-11-21T08:00:00Z');
    expect(iso('2026-11-21T10:00:00-05:30')).toBe('2026-11-21T15:30:00Z');
  });

  test('an offset can move the instant to another day and year', () => {
    expect(iso('2025-01-01T00:30:00+01:00')).toBe('2024-12-31T23:30:00Z');
  });

  test('-00:00 and +00:00 are UTC', () => {
    expect(parseIsoDatetime('2026-11-21T10:00:00-00:00').ms).toBe(parseIsoDatetime('2026-11-21T10:00:00Z').ms);
    expect(parseIsoDatetime('2026-11-21T10:00:00+00:00').ms).toBe(1_795_255_200_000);
  });

  test('the largest offsets RFC 3339 allows', () => {
    expect(iso('2026-11-21T10:00:00+23:59')).toBe('2026-11-20T10:01:00Z');
    expect(iso('2026-11-21T10:00:00-23:59')).toBe('2026-11-22T09:59:00Z');
  });
});

describe('fractional seconds', () => {
  test('one to three digits are milliseconds', () => {
    expect(parseIsoDatetime('1970-01-01T00:00:00.5Z').ms).toBe(500);
    expect(parseIsoDatetime('1970-01-01T00:00:00.05Z').ms).toBe(50);
    expect(parseIsoDatetime('1970-01-01T00:00:00.123Z').ms).toBe(123);
  });

  test('extra digits are truncated, never rounded', () => {
    expect(parseIsoDatetime('1970-01-01T00:00:00.123999999Z').ms).toBe(123);
    // Rounding would move this into the next day.
    expect(iso('2024-12-31T23:59:59.9999Z')).toBe('2024-12-31T23:59:59.999Z');
  });

  test('with an offset', () => {
    expect(iso('2026-11-21T10:00:00.123+02:00')).toBe('2026-11-21T08:00:00.123Z');
  });
});

describe('leap seconds', () => {
  test('23:59:60 UTC at the end of a month reads as 23:59:59, fraction kept', () => {
    expect(iso('2016-12-31T23:59:60Z')).toBe('2016-12-31T23:59:59Z');
    expect(iso('2015-06-30T23:59:60.5Z')).toBe('2015-06-30T23:59:59.500Z');
  });

  test('the leap second is placed in UTC, after the offset', () => {
    expect(iso('2017-01-01T00:59:60+01:00')).toBe('2016-12-31T23:59:59Z');
  });

  test('second 60 anywhere else is rejected', () => {
    expect(failure('2016-12-30T23:59:60Z').message).toContain('at position 17');
    expect(failure('2016-12-31T12:00:60Z').message).toContain('leap second');
    // 23:59:60 local at +01:00 is 22:59:60 UTC: not a leap-second minute.
    failure('2016-12-31T23:59:60+01:00');
  });
});

describe('strictness', () => {
  test('dates that do not exist', () => {
    expect(failure('2024-02-30').message).toBe('invalid date 2024-02-30: February 2024 has 29 days');
    expect(failure('2023-02-29').message).toBe('invalid date 2023-02-29: February 2023 has 28 days');
    failure('1900-02-29');
    failure('2024-04-31');
    failure('2024-01-00');
    failure('2024-01-32');
  });

  test('month out of range', () => {
    expect(failure('2024-13-01').message).toContain('at position 5');
    failure('2024-00-01');
  });

  test('time fields out of range', () => {
    expect(failure('2024-01-01T24:00:00Z').message).toContain('at position 11');
    expect(failure('2024-01-01T10:60:00Z').message).toContain('at position 14');
    failure('2024-01-01T10:00:61Z');
  });

  test('offsets out of range or in other shapes', () => {
    expect(failure('2024-01-01T10:00:00+24:00').message).toContain('at position 20');
    failure('2024-01-01T10:00:00+02:60');
    failure('2024-01-01T10:00:00+0200');
    failure('2024-01-01T10:00:00+02');
    failure('2024-01-01T10:00:00 +02:00');
    failure('2024-01-01T10:00:00UTC');
  });

  test('missing leading zeros', () => {
    expect(failure('2024-1-05').message).toContain('at position 5');
    failure('2024-01-5');
    failure('2024-01-01T9:00:00Z');
    failure('2024-01-01T09:5:00Z');
    failure('24-01-01');
  });

  test('years outside 0000–9999 and signed years', () => {
    failure('10000-01-01');
    failure('+2024-01-01');
    failure('-0001-01-01');
  });

  test('trailing or leading garbage and white space', () => {
    expect(failure('2024-01-01T10:00:00Zx').message).toContain('at position 20');
    failure('2024-01-01 ');
    failure(' 2024-01-01');
    failure('2024-01-01T10:00:00Z\n');
  });

  test('a zone on a date without time', () => {
    expect(failure('2024-01-01Z').message).toContain('at position 10');
    failure('2024-01-01+02:00');
  });

  test('a fraction needs seconds and digits, and uses a dot', () => {
    failure('2024-01-01T10:00.5');
    failure('2024-01-01T10:00:00.Z');
    failure('2024-01-01T10:00:00,5Z');
  });

  test('forms outside RFC 3339 and the date-only relaxation', () => {
    failure('20240101');
    failure('2024-01-01T1000');
    failure('2024-001');
    failure('2024-W01-1');
    failure('2024-01');
    failure('2024-01-01T10');
    failure('2024-01-01T');
    failure('2024-01-01  10:00');
    failure('2024-01-01_10:00');
    failure('');
  });

  test('non-ASCII digits are not digits', () => {
    // Arabic-Indic digits: \u0662\u0660\u0662\u0664 is "2024".
    failure('\u0662\u0660\u0662\u0664-01-01');
  });
});
