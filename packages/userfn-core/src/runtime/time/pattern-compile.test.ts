import { describe, expect, test } from 'vitest';
import { PatternError, parseDatetimePattern, validatePattern } from './index.js';

/** The offset of the pattern's error (asserting offsets, not message text). */
function offsetOf(pattern: string): number {
  const error = validatePattern(pattern);
  expect(error, pattern).toBeInstanceOf(PatternError);
  return (error as PatternError).offset;
}

describe('valid patterns', () => {
  test.each([
    "yyyy-MM-dd'T'HH:mm:ss.SSSXXX",
    'dd/MM/yyyy',
    'd/M/yyyy',
    'MM/dd/yyyy hh:mm a',
    'EEE, dd MMM yyyy HH:mm:ss Z',
    'yyyyMMddHHmmss',
    'HH:mm',
    'mm:ss',
    'MMMM d, yyyy',
    'yyyy-DDD',
    "'week' yyyy",
    'yyyy年MM月dd日',
  ])('%s', (pattern) => {
    expect(validatePattern(pattern)).toBeNull();
  });
});

describe('letters', () => {
  test('an unsupported letter is reported where it is', () => {
    expect(offsetOf('yyyy-QQ')).toBe(5);
    expect(offsetOf('YYYY-MM-dd')).toBe(0);
    expect(offsetOf('yyyy-MM-dd HH:mm z')).toBe(17);
    expect(offsetOf('yyyy-MM-dd kk:mm')).toBe(11);
  });

  test('an unquoted letter meant as text is an error, like in Java', () => {
    expect(offsetOf('yyyy-MM-ddTHH:mm')).toBe(10);
    expect(validatePattern("yyyy-MM-dd'T'HH:mm")).toBeNull();
  });

  test('counts that have no meaning', () => {
    expect(offsetOf('y-MM-dd')).toBe(0);
    expect(offsetOf('dd.MM.yyy')).toBe(6);
    expect(offsetOf('yyyyy')).toBe(0);
    expect(offsetOf('yyyy-MMMMM')).toBe(5);
    expect(offsetOf('yyyy-MM-ddd')).toBe(8);
    expect(offsetOf('yyyy DD')).toBe(5);
    expect(offsetOf('HHH')).toBe(0);
    expect(offsetOf('HH:mm:ss.SSSSSSSSSS')).toBe(9);
    expect(offsetOf('h:mm aa')).toBe(5);
    expect(offsetOf('EEEEE yyyy-MM-dd')).toBe(0);
    expect(offsetOf('HH:mmXXXX')).toBe(5);
    expect(offsetOf('HH:mmZZZZ')).toBe(5);
  });

  test('Java’s reserved characters', () => {
    expect(offsetOf('yyyy[-MM]')).toBe(4);
    expect(offsetOf('yyyy#')).toBe(4);
    expect(offsetOf('{yyyy}')).toBe(0);
    expect(validatePattern("yyyy'['")).toBeNull();
  });

  test('letters outside ASCII are literal text', () => {
    expect(parseDatetimePattern('2024é', 'yyyyé').toJSON()).toBe('2024-01-01T00:00:00Z');
  });
});

describe('quoting', () => {
  test('an unterminated quote is reported at the opening quote', () => {
    expect(offsetOf("yyyy 'at HH")).toBe(5);
    // As in Java, ''' opens quoted text that starts with a quote and never ends.
    expect(offsetOf("yyyy'''")).toBe(6);
    expect(offsetOf("'''yyyy")).toBe(2);
  });

  test("'' is a quote inside and outside quoted text", () => {
    expect(parseDatetimePattern("2024 it's", "yyyy 'it''s'").toJSON()).toBe('2024-01-01T00:00:00Z');
    expect(parseDatetimePattern("'2024'", "''yyyy''").toJSON()).toBe('2024-01-01T00:00:00Z');
    expect(parseDatetimePattern("'at 2024", "'''at' yyyy").toJSON()).toBe('2024-01-01T00:00:00Z');
  });
});

describe('combinations', () => {
  test('a field may be set once', () => {
    expect(offsetOf('yyyy-MM-dd yy')).toBe(11);
    expect(offsetOf('HH:mm hh a')).toBe(6);
    expect(offsetOf('dd MMM MM yyyy')).toBe(7);
    expect(offsetOf('HH:mmXXX Z')).toBe(9);
  });

  test('h needs a, and a needs h', () => {
    expect(offsetOf('yyyy-MM-dd hh:mm')).toBe(11);
    expect(offsetOf('yyyy-MM-dd HH:mm a')).toBe(17);
    expect(offsetOf('a')).toBe(0);
  });

  test('yyyy-mm-dd (minutes where the month should be) is caught at the day', () => {
    expect(offsetOf('yyyy-mm-dd')).toBe(8);
    expect(validatePattern('yyyy-mm-dd')?.message).toContain("'mm' is minutes");
  });

  test('HH:MM (month where the minutes should be) is caught at the month', () => {
    expect(offsetOf('HH:MM')).toBe(3);
    expect(validatePattern('HH:MM')?.message).toContain("minutes are 'mm'");
  });

  test('a time of day needs a day when there is a date', () => {
    expect(offsetOf('yyyy HH:mm')).toBe(0);
    expect(offsetOf('MMM yyyy HH:mm')).toBe(0);
    expect(validatePattern('MMM dd HH:mm')).toBeNull();
  });

  test('a day of month needs a month', () => {
    expect(offsetOf('dd')).toBe(0);
    expect(offsetOf('yyyy dd')).toBe(5);
  });

  test('day of year excludes month and day of month', () => {
    expect(offsetOf('yyyy DDD MM')).toBe(9);
    expect(offsetOf('dd MM D')).toBe(6);
  });

  test('time fields may not skip a unit', () => {
    expect(offsetOf('HH:ss')).toBe(3);
    expect(offsetOf('HH:mm.SSS')).toBe(6);
    expect(validatePattern('ss.SSS')).toBeNull();
  });

  test('a day name needs a whole date to be checked against', () => {
    expect(offsetOf('EEE HH:mm')).toBe(0);
    expect(offsetOf('EEE dd MMM')).toBe(0);
    expect(validatePattern('EEE yyyy DDD')).toBeNull();
  });

  test('a variable-width number may not touch another number', () => {
    expect(offsetOf('dMyyyy')).toBe(0);
    expect(offsetOf('yyyyMd')).toBe(4);
    expect(offsetOf('HHmsS')).toBe(2);
    expect(validatePattern('yyyyMMdd')).toBeNull();
    expect(validatePattern('yyyyMMM d')).toBeNull();
  });

  test('a pattern needs at least one field', () => {
    expect(offsetOf('')).toBe(0);
    expect(offsetOf("'today'")).toBe(0);
    expect(offsetOf('--')).toBe(0);
  });
});

describe('parseDatetimePattern throws the same PatternError', () => {
  test('with the offset', () => {
    try {
      parseDatetimePattern('2024-01-01', 'yyyy-mm-dd');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(PatternError);
      expect((e as PatternError).offset).toBe(8);
    }
  });
});
