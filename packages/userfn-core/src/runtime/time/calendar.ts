// Calendar facts, always in the proleptic Gregorian calendar and always in
// UTC. date-fns answers the month/year lengths; it is given a UTCDate so the
// process time zone can never leak in. Dates are built with setUTCFullYear
// rather than Date.UTC/new UTCDate(y, m, d) because those read years 0–99 as
// 1900–1999 (year 0000 is a leap year, 1900 is not).
// Subpath imports: the date-fns index loads hundreds of modules at start-up.
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { isLeapYear } from 'date-fns/isLeapYear';
import { UTCDate } from '@date-fns/utc';
import { MONTH_NAMES_FULL } from './english-names.js';
import { pad } from './text-scan.js';

/** The fields of a UTC date-time; month and day are 1-based. */
export interface UtcFields {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

function utcDate(year: number, month: number, day: number): UTCDate {
  const date = new UTCDate(0);
  date.setUTCFullYear(year, month - 1, day);
  return date;
}

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return getDaysInMonth(utcDate(year, month, 1));
}

/** 365 or 366. */
export function daysInYear(year: number): number {
  return isLeapYear(utcDate(year, 1, 1)) ? 366 : 365;
}

/** Epoch milliseconds of a UTC date-time whose fields are already known to be in range. */
export function utcMillis(f: UtcFields): number {
  const date = new Date(0);
  date.setUTCFullYear(f.year, f.month - 1, f.day);
  date.setUTCHours(f.hour, f.minute, f.second, f.millisecond);
  return date.getTime();
}

/** `yyyy-MM-dd` for messages. */
export function formatDate(year: number, month: number, day: number): string {
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(day, 2)}`;
}

/**
 * Why `year-month-day` is not a calendar date (month 1–12 and day ≥ 1 are
 * already checked), e.g. `invalid date 2024-02-30: February 2024 has 29
 * days`; null when it is one.
 */
export function calendarDateProblem(year: number, month: number, day: number): string | null {
  const length = daysInMonth(year, month);
  if (day <= length) return null;
  return `invalid date ${formatDate(year, month, day)}: ${MONTH_NAMES_FULL[month - 1]} ${pad(year, 4)} has ${length} days`;
}

/** ISO weekday of a UTC instant: 1 = Monday … 7 = Sunday. */
export function isoWeekday(ms: number): number {
  const sundayZero = new Date(Math.floor(ms)).getUTCDay();
  return sundayZero === 0 ? 7 : sundayZero;
}
