// `iso_datetime_parse`: RFC 3339 date-times plus the two relaxations the
// language spec asks for (date only; no zone). Hand-scanned left to right so
// each failure names the exact position and what was expected. Every choice
// below is listed in README.md ("ISO date-times").
import { Datetime } from '../../common/values/time-values.js';
import { calendarDateProblem, daysInMonth, utcMillis } from './calendar.js';
import { TimeParseError } from './errors.js';
import { MAX_TEXT_LENGTH } from './input-limits.js';
import { type OffsetForm, readOffset } from './offset.js';
import { type Fail, countDigits, describeAt, fractionMillis, quote, readFixedNumber } from './text-scan.js';

const ISO_OFFSET: OffsetForm = { zulu: true, colon: true, minutesOptional: false, describe: 'Z or ±hh:mm' };

/** Parses an ISO 8601 / RFC 3339 date or date-time (UTC when it has no zone); throws TimeParseError. */
export function parseIsoDatetime(text: string): Datetime {
  if (text.length > MAX_TEXT_LENGTH) {
    throw new TimeParseError(`invalid ISO 8601 date-time: text is too long (${text.length} characters; at most ${MAX_TEXT_LENGTH})`);
  }
  const fail: Fail = (pos, message) => {
    throw new TimeParseError(`invalid ISO 8601 date-time ${quote(text)} at position ${pos}: ${message}`);
  };
  if (text.length === 0) fail(0, 'the text is empty; expected a date like 2026-11-21 or a date-time like 2026-11-21T10:00:00Z');

  // Exactly four digits: years 0000–9999, no sign, no expanded years.
  const year = readFixedNumber(text, 0, 4, 'year', [0, 9999], fail);
  expectChar(text, 4, '-', 'after the year', fail);
  const month = readFixedNumber(text, 5, 2, 'month', [1, 12], fail);
  expectChar(text, 7, '-', 'after the month', fail);
  const day = readFixedNumber(text, 8, 2, 'day', [1, 31], fail);
  const problem = calendarDateProblem(year, month, day);
  if (problem !== null) throw new TimeParseError(problem);

  let pos = 10;
  if (pos === text.length) {
    return new Datetime(utcMillis({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }));
  }
  const separator = text[pos];
  if (separator !== 'T' && separator !== 't' && separator !== ' ') {
    // RFC 3339 has no zoned date without a time; say so rather than "expected T".
    const zoneLike = separator === 'Z' || separator === 'z' || separator === '+' || separator === '-';
    fail(
      pos,
      zoneLike
        ? 'a date without a time cannot have a zone offset; write a time, e.g. 2026-11-21T00:00:00Z'
        : `expected 'T' (or a space) before the time, or the end of the text, found ${describeAt(text, pos)}`,
    );
  }
  pos++;

  const hour = readFixedNumber(text, pos, 2, 'hour', [0, 23], fail);
  expectChar(text, pos + 2, ':', 'after the hour', fail);
  const minute = readFixedNumber(text, pos + 3, 2, 'minute', [0, 59], fail);
  pos += 5;

  // Seconds are optional (ISO 8601 reduced precision); a fraction needs them.
  let second = 0;
  let millisecond = 0;
  let leapSecondPos = -1;
  if (text[pos] === ':') {
    second = readFixedNumber(text, pos + 1, 2, 'second', [0, 60], fail);
    if (second === 60) {
      leapSecondPos = pos + 1;
      second = 59;
    }
    pos += 3;
    if (text[pos] === '.') {
      const digits = countDigits(text, pos + 1, MAX_TEXT_LENGTH);
      if (digits === 0) fail(pos + 1, `expected digits after '.', found ${describeAt(text, pos + 1)}`);
      millisecond = fractionMillis(text, pos + 1, digits);
      pos += 1 + digits;
    } else if (text[pos] === ',') {
      fail(pos, "use '.' for fractional seconds (RFC 3339), not ','");
    }
  } else if (text[pos] === '.' || text[pos] === ',') {
    fail(pos, 'fractional seconds need seconds: write hh:mm:ss.fff');
  }

  let offsetMinutes = 0;
  if (pos < text.length) {
    const offset = readOffset(text, pos, ISO_OFFSET, fail);
    offsetMinutes = offset.minutes;
    pos = offset.end;
  }
  if (pos < text.length) fail(pos, `unexpected ${describeAt(text, pos)} after the end of the date-time`);
  const ms = utcMillis({ year, month, day, hour, minute, second, millisecond }) - offsetMinutes * 60_000;
  if (leapSecondPos >= 0 && !isLeapSecondMinute(ms)) {
    fail(leapSecondPos, 'second 60 (a leap second) is only valid at 23:59:60 UTC on the last day of a month');
  }
  return new Datetime(ms);
}

function expectChar(text: string, pos: number, expected: string, where: string, fail: Fail): void {
  if (text[pos] !== expected) fail(pos, `expected '${expected}' ${where}, found ${describeAt(text, pos)}`);
}

/**
 * RFC 3339 allows second 60 for a leap second, which is inserted at the end of
 * a UTC month. UserFn time, like POSIX and JavaScript time, has no leap
 * seconds, so `23:59:60` is read as `23:59:59` (fraction kept, as Java's
 * ISO_INSTANT does). It is accepted only where a leap second can be: the last
 * minute of the last day of a month, in UTC once the offset is applied.
 */
function isLeapSecondMinute(ms: number): boolean {
  const utc = new Date(ms);
  const lastDay = daysInMonth(utc.getUTCFullYear(), utc.getUTCMonth() + 1);
  return utc.getUTCHours() === 23 && utc.getUTCMinutes() === 59 && utc.getUTCDate() === lastDay;
}
