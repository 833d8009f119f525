import { expect, test } from 'vitest';
import { PatternError, TimeParseError, parseDatetimePattern, parseIsoDatetime, validatePattern } from './index.js';

// Texts and patterns are capped at 256 characters before any scanning, so a
// 1 MB input is one length check. These tests assert the error, not time.
const megabyte = '2024-01-01T00:00:00'.padEnd(1_000_000, '0');

test('a 1 MB ISO text is a TimeParseError that says it is too long', () => {
  expect(() => parseIsoDatetime(megabyte)).toThrow(TimeParseError);
  expect(() => parseIsoDatetime(megabyte)).toThrow(/too long \(1000000 characters; at most 256\)/);
});

test('a 1 MB text for a pattern is a TimeParseError', () => {
  expect(() => parseDatetimePattern(megabyte, 'yyyy')).toThrow(TimeParseError);
});

test('a 1 MB pattern is a PatternError at the cap', () => {
  const error = validatePattern('y'.repeat(1_000_000));
  expect(error).toBeInstanceOf(PatternError);
  expect(error?.offset).toBe(256);
});

test('the cap is exactly 256: a long fraction inside it is still parsed', () => {
  const text = `2024-01-01T00:00:00.${'9'.repeat(235)}Z`;
  expect(text.length).toBe(256);
  expect(parseIsoDatetime(text).toJSON()).toBe('2024-01-01T00:00:00.999Z');
  expect(() => parseIsoDatetime(`2024-01-01T00:00:00.${'9'.repeat(236)}Z`)).toThrow(TimeParseError);
});

test('control characters and lone surrogates are ordinary failures', () => {
  expect(() => parseIsoDatetime('2024-01-01\u0000')).toThrow(TimeParseError);
  expect(() => parseIsoDatetime('2024-01-01T\uD800')).toThrow(TimeParseError);
  expect(() => parseDatetimePattern('\uDFFF', 'yyyy')).toThrow(TimeParseError);
});

test('a message quotes control characters escaped, on one line', () => {
  expect(() => parseIsoDatetime('2024-01-01\n')).toThrow("'2024-01-01\\u000a'");
});

test('prototype-like words are not pattern letters or names', () => {
  expect(validatePattern('constructor')).toBeInstanceOf(PatternError);
  expect(() => parseDatetimePattern('__proto__ 2024', 'MMMM yyyy')).toThrow(TimeParseError);
});
