// Turns the fields read by a pattern into an instant. A field the pattern
// does not have takes the start of its range — January, day 1, 00:00:00.000,
// UTC — and a missing year is 1970, the Unix epoch year, so a time-only
// pattern gives that time on 1970-01-01 and `to_unix_timestamp` of it is the
// seconds since midnight.
import { calendarDateProblem, daysInYear, formatDate, isoWeekday, utcMillis } from './calendar.js';
import { DAY_NAMES_FULL } from './english-names.js';
import type { CompiledPattern } from './pattern-compile.js';
import type { FieldKind } from './pattern-letters.js';

/** The year used when the pattern has no year field. */
export const DEFAULT_YEAR = 1970;

/** Epoch milliseconds for the fields read; `fail` reports a date that does not exist or a day name that does not match. */
export function resolveFields(values: ReadonlyMap<FieldKind, number>, compiled: CompiledPattern, fail: (message: string) => never): number {
  const yearGiven = values.has('year');
  const year = values.get('year') ?? DEFAULT_YEAR;
  const defaultedYear = yearGiven ? '' : ` (the pattern has no year, so the year is ${DEFAULT_YEAR})`;

  let month = values.get('month') ?? 1;
  let day = values.get('dayOfMonth') ?? 1;
  const dayOfYear = values.get('dayOfYear');
  if (dayOfYear !== undefined) {
    const length = daysInYear(year);
    if (dayOfYear > length) fail(`day of year ${dayOfYear} does not exist: ${String(year).padStart(4, '0')} has ${length} days${defaultedYear}`);
    const date = new Date(utcMillis({ year, month: 1, day: dayOfYear, hour: 0, minute: 0, second: 0, millisecond: 0 }));
    month = date.getUTCMonth() + 1;
    day = date.getUTCDate();
  } else {
    const problem = calendarDateProblem(year, month, day);
    if (problem !== null) fail(problem + defaultedYear);
  }

  // h is 1–12: 12 AM is 00, 12 PM is 12 (the rules guarantee 'a' is present with 'h').
  let hour = values.get('hour') ?? 0;
  if (compiled.fields.get('hour')?.clock12 === true) hour = (hour % 12) + 12 * (values.get('ampm') ?? 0);

  const local = utcMillis({
    year,
    month,
    day,
    hour,
    minute: values.get('minute') ?? 0,
    second: values.get('second') ?? 0,
    millisecond: values.get('fraction') ?? 0,
  });

  // The day name is checked against the date as written, before the offset
  // moves the instant (a Monday 00:30+02:00 is still a Monday).
  const weekday = values.get('weekday');
  if (weekday !== undefined && isoWeekday(local) !== weekday) {
    fail(`${formatDate(year, month, day)} is a ${DAY_NAMES_FULL[isoWeekday(local) - 1]}, not a ${DAY_NAMES_FULL[weekday - 1]}`);
  }
  return local - (values.get('offset') ?? 0) * 60_000;
}
