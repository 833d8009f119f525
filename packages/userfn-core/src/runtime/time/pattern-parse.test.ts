import { describe, expect, test } from 'vitest';
import { PatternError, TimeParseError, parseDatetimePattern } from './index.js';

const parsed = (text: string, pattern: string): string => parseDatetimePattern(text, pattern).toJSON();

function failure(text: string, pattern: string): TimeParseError {
  try {
    parseDatetimePattern(text, pattern);
  } catch (e) {
    expect(e).toBeInstanceOf(TimeParseError);
    return e as TimeParseError;
  }
  throw new Error(`expected '${text}' to be rejected by '${pattern}'`);
}

describe('strict matching', () => {
  test('a literal mismatch names the position in the text', () => {
    expect(failure('2024/01/01', 'yyyy-MM-dd').message).toBe("text '2024/01/01' does not match pattern 'yyyy-MM-dd' at position 4: expected '-', found '/'");
  });

  test('fixed-width fields need exactly their digits', () => {
    expect(failure('2024-1-01', 'yyyy-MM-dd').message).toContain('at position 5');
    failure('2024-01-1', 'yyyy-MM-dd');
    failure('24-01-01', 'yyyy-MM-dd');
    failure('2024-01-01 9:00', 'yyyy-MM-dd HH:mm');
    failure('10:00:00.12', 'HH:mm:ss.SSS');
  });

  test('variable-width fields take one or two digits, not three', () => {
    expect(parsed('1/2/2024', 'd/M/yyyy')).toBe('2024-02-01T00:00:00Z');
    expect(parsed('01/02/2024', 'd/M/yyyy')).toBe('2024-02-01T00:00:00Z');
    // 'd' takes "12" greedily, then the literal '/' meets "3".
    expect(failure('123/2/2024', 'd/M/yyyy').message).toContain('at position 2');
  });

  test('the whole text must be used', () => {
    expect(failure('2024-01-01x', 'yyyy-MM-dd').message).toContain('at position 10');
    failure('2024-01-01 ', 'yyyy-MM-dd');
    failure('20240', 'yyyy');
  });

  test('the text must not end early', () => {
    expect(failure('2024-01', 'yyyy-MM-dd').message).toContain('at position 7');
  });

  test('values out of range', () => {
    failure('2024-13-01', 'yyyy-MM-dd');
    failure('2024-00-01', 'yyyy-MM-dd');
    failure('2024-01-32', 'yyyy-MM-dd');
    failure('24:00', 'HH:mm');
    failure('10:60', 'HH:mm');
    // No leap seconds in patterns (as in Java's strict parsing).
    failure('23:59:60', 'HH:mm:ss');
    failure('0:00 AM', 'h:mm a');
    failure('13:00 PM', 'h:mm a');
    failure('2024 000', 'yyyy DDD');
  });

  test('calendar validity', () => {
    expect(failure('2024-02-30', 'yyyy-MM-dd').message).toContain('invalid date 2024-02-30: February 2024 has 29 days');
    failure('2023-02-29', 'yyyy-MM-dd');
    failure('31 Apr 2024', 'dd MMM yyyy');
    failure('2023 366', 'yyyy D');
    expect(parsed('2024 366', 'yyyy D')).toBe('2024-12-31T00:00:00Z');
  });

  test('literals are case-sensitive; names, AM/PM and Z are not', () => {
    failure('2024-01-01t10:00', "yyyy-MM-dd'T'HH:mm");
    expect(parsed('2024-01-01 10:00z', 'yyyy-MM-dd HH:mmX')).toBe('2024-01-01T10:00:00Z');
  });

  test('a space in the pattern matches exactly one space', () => {
    failure('2024-01-01  10:00', 'yyyy-MM-dd HH:mm');
    failure('2024-01-0110:00', 'yyyy-MM-dd HH:mm');
  });

  test('yy is 2000–2099 and needs two digits', () => {
    expect(parsed('00', 'yy')).toBe('2000-01-01T00:00:00Z');
    failure('2024', 'yy');
    failure('4', 'yy');
  });
});

describe('English names', () => {
  test('month names, any ASCII case', () => {
    expect(parsed('3 SEPTEMBER 2024', 'd MMMM yyyy')).toBe('2024-09-03T00:00:00Z');
    expect(parsed('3 sep 2024', 'd MMM yyyy')).toBe('2024-09-03T00:00:00Z');
    expect(parsed('3 May 2024', 'd MMMM yyyy')).toBe('2024-05-03T00:00:00Z');
  });

  test('short and full names are not interchangeable', () => {
    failure('3 Sept 2024', 'd MMM yyyy');
    failure('3 Sep 2024', 'd MMMM yyyy');
    failure('3 September 2024', 'd MMM yyyy');
  });

  test('no other language and no numbers for a name field', () => {
    failure('3 septembre 2024', 'd MMMM yyyy');
    failure('3 09 2024', 'd MMM yyyy');
  });

  test('a day name must match the date', () => {
    expect(failure('Mon, 2024-01-02', 'EEE, yyyy-MM-dd').message).toContain('2024-01-02 is a Tuesday, not a Monday');
    expect(parsed('tuesday 2024-01-02', 'EEEE yyyy-MM-dd')).toBe('2024-01-02T00:00:00Z');
  });

  test('the day name describes the date as written, before the offset', () => {
    // 2024-01-01 is a Monday; 00:30+02:00 is still Sunday in UTC.
    expect(parsed('Mon 2024-01-01 00:30 +02:00', 'EEE yyyy-MM-dd HH:mm XXX')).toBe('2023-12-31T22:30:00Z');
  });

  test('an RFC 1123 style date', () => {
    expect(parsed('Tue, 03 Jun 2008 11:05:30 +0000', 'EEE, dd MMM yyyy HH:mm:ss Z')).toBe('2008-06-03T11:05:30Z');
  });
});

describe('AM/PM', () => {
  test.each([
    ['12:00 AM', '1970-01-01T00:00:00Z'],
    ['12:30 am', '1970-01-01T00:30:00Z'],
    ['1:00 AM', '1970-01-01T01:00:00Z'],
    ['11:59 AM', '1970-01-01T11:59:00Z'],
    ['12:00 PM', '1970-01-01T12:00:00Z'],
    ['1:00 pm', '1970-01-01T13:00:00Z'],
    ['11:59 Pm', '1970-01-01T23:59:00Z'],
  ])('%s', (text, expected) => {
    expect(parsed(text, 'h:mm a')).toBe(expected);
  });

  test('only AM and PM', () => {
    failure('10:00 A.M.', 'h:mm a');
    failure('10:00 noon', 'h:mm a');
    failure('10:00 A', 'h:mm a');
  });
});

describe('offsets in patterns', () => {
  test('X accepts Z, ±hh and ±hhmm', () => {
    expect(parsed('10:00Z', 'HH:mmX')).toBe('1970-01-01T10:00:00Z');
    expect(parsed('10:00-03', 'HH:mmX')).toBe('1970-01-01T13:00:00Z');
    expect(parsed('10:00+0530', 'HH:mmX')).toBe('1970-01-01T04:30:00Z');
    failure('10:00+05:30', 'HH:mmX');
  });

  test('XX needs ±hhmm or Z; XXX needs ±hh:mm or Z', () => {
    failure('10:00+05', 'HH:mmXX');
    failure('10:00+0530', 'HH:mmXXX');
    expect(parsed('10:00Z', 'HH:mmXXX')).toBe('1970-01-01T10:00:00Z');
  });

  test('x, xx, xxx and Z do not accept Z for zero', () => {
    failure('10:00Z', 'HH:mmx');
    failure('10:00Z', 'HH:mmxx');
    failure('10:00Z', 'HH:mmxxx');
    failure('10:00 Z', 'HH:mm Z');
    expect(parsed('10:00+00', 'HH:mmx')).toBe('1970-01-01T10:00:00Z');
  });

  test('offset hours 00–23 and minutes 00–59, two digits each', () => {
    failure('10:00+24:00', 'HH:mmXXX');
    failure('10:00+02:60', 'HH:mmXXX');
    failure('10:00+2:00', 'HH:mmXXX');
    expect(parsed('10:00-23:59', 'HH:mmXXX')).toBe('1970-01-02T09:59:00Z');
  });

  test('an offset moves the instant across the day', () => {
    expect(parsed('2024-01-01 00:30 +01:00', 'yyyy-MM-dd HH:mm XXX')).toBe('2023-12-31T23:30:00Z');
  });
});

describe('which error comes first', () => {
  test('a bad pattern is a PatternError even when the text is also bad', () => {
    expect(() => parseDatetimePattern('nonsense', 'yyyy-QQ')).toThrow(PatternError);
  });
});
