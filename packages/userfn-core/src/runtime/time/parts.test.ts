import { describe, expect, test } from 'vitest';
import { Datetime } from '../../common/values/time-values.js';
import { datetimeParts, parseIsoDatetime, toUnixTimestamp } from './index.js';

describe('datetimeParts', () => {
  test('UTC components of an instant', () => {
    // 1_795_255_200_123 ms is 2026-11-21T10:00:00.123Z.
    expect(datetimeParts(new Datetime(1_795_255_200_123))).toEqual({
      year: 2026,
      month: 11,
      day: 21,
      hour: 10,
      minute: 0,
      second: 0,
      weekday: 6,
    });
  });

  test('components are UTC even when the text had an offset', () => {
    const parts = datetimeParts(parseIsoDatetime('2025-01-01T00:30:45+01:00'));
    expect([parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]).toEqual([2024, 12, 31, 23, 30, 45]);
  });

  test('weekday runs from 1 = Monday to 7 = Sunday', () => {
    // 2024-01-01 was a Monday; 86_400_000 ms is one day.
    const monday = 1_704_067_200_000;
    const weekdays = Array.from({ length: 8 }, (_, i) => datetimeParts(new Datetime(monday + i * 86_400_000)).weekday);
    expect(weekdays).toEqual([1, 2, 3, 4, 5, 6, 7, 1]);
  });

  test('the epoch was a Thursday', () => {
    expect(datetimeParts(new Datetime(0)).weekday).toBe(4);
  });

  test('a fractional instant just before the epoch belongs to 1969', () => {
    expect(datetimeParts(new Datetime(-0.5))).toEqual({ year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59, weekday: 3 });
  });

  test('years before 100 are not shifted to the 1900s', () => {
    const parts = datetimeParts(parseIsoDatetime('0042-03-04T05:06:07Z'));
    expect([parts.year, parts.month, parts.day, parts.hour, parts.minute, parts.second]).toEqual([42, 3, 4, 5, 6, 7]);
  });

  test('an instant outside the Date range is a RangeError, not NaN parts', () => {
    expect(() => datetimeParts(new Datetime(8.64e15 + 1))).toThrow(RangeError);
    expect(() => datetimeParts(new Datetime(Number.NaN))).toThrow(RangeError);
  });
});

describe('toUnixTimestamp', () => {
  test('whole seconds', () => {
    expect(toUnixTimestamp(parseIsoDatetime('2026-11-21T10:00:00Z'))).toBe(1_795_255_200);
  });

  test('milliseconds give a fraction', () => {
    expect(toUnixTimestamp(parseIsoDatetime('2026-11-21T10:00:00.123Z'))).toBe(1_795_255_200.123);
    expect(toUnixTimestamp(new Datetime(1_500))).toBe(1.5);
  });

  test('before the epoch is negative', () => {
    expect(toUnixTimestamp(parseIsoDatetime('1969-12-31T23:59:58.5Z'))).toBe(-1.5);
  });

  test('the epoch is 0, not -0', () => {
    expect(Object.is(toUnixTimestamp(new Datetime(-0)), 0)).toBe(true);
  });

  test('an instant outside the Date range is a RangeError', () => {
    expect(() => toUnixTimestamp(new Datetime(Number.POSITIVE_INFINITY))).toThrow(RangeError);
  });
});
