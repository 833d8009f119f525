import { expect, test } from 'vitest';
import { TimeParseError, parseDatetimePattern } from './index.js';

// Missing fields take the start of their range, and a missing year is 1970,
// so time-only patterns measure from the Unix epoch.

test('a time-only pattern is that time on 1970-01-01 UTC', () => {
  expect(parseDatetimePattern('10:30', 'HH:mm').ms).toBe(37_800_000);
});

test('minutes and seconds alone count from midnight', () => {
  expect(parseDatetimePattern('05:30', 'mm:ss').ms).toBe(330_000);
});

test('a year alone is January 1st, midnight', () => {
  expect(parseDatetimePattern('2024', 'yyyy').ms).toBe(1_704_067_200_000);
});

test('a month and year is the first of the month', () => {
  expect(parseDatetimePattern('03/2024', 'MM/yyyy').toJSON()).toBe('2024-03-01T00:00:00Z');
});

test('a month and day without a year fall in 1970', () => {
  expect(parseDatetimePattern('Dec 25', 'MMM d').toJSON()).toBe('1970-12-25T00:00:00Z');
});

test('so February 29 without a year does not exist, and the message says why', () => {
  expect(() => parseDatetimePattern('Feb 29', 'MMM d')).toThrow(TimeParseError);
  expect(() => parseDatetimePattern('Feb 29', 'MMM d')).toThrow(/no year, so the year is 1970/);
});

test('a date without time is midnight; a missing minute or second is zero', () => {
  expect(parseDatetimePattern('2024-01-01 7', 'yyyy-MM-dd H').toJSON()).toBe('2024-01-01T07:00:00Z');
});

test('without an offset field the text is UTC', () => {
  expect(parseDatetimePattern('2024-01-01 00:00', 'yyyy-MM-dd HH:mm').ms).toBe(1_704_067_200_000);
});
