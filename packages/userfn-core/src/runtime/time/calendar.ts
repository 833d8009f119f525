// Calendar facts, always in the proleptic Gregorian calendar and always in
// UTC. Month and year lengths are arithmetic (the Gregorian leap rule, which
// holds for every year, year 0 and negative years included): they were asked
// of date-fns through a UTCDate, two allocations and a time-zone-safe date per
// question, which was most of the cost of parsing an ISO date-time (every
// parse checks the day against its month). calendar.test.ts checks them
// against the engine's own calendar (a UTC Date) over 20,001 years. Instants
// come from Date.UTC, except for years 0–99, which it reads as 1900–1999:
// those are built with setUTCFullYear.
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

/** Whether `year` is a leap year of the proleptic Gregorian calendar (`%` keeps the sign: -4 % 4 is -0, which equals 0). */
export function isLeap(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in `month` (1–12) of `year`. */
export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeap(year) ? 29 : MONTH_DAYS[month - 1]!;
}

/** 365 or 366. */
export function daysInYear(year: number): number {
  return isLeap(year) ? 366 : 365;
}

/** Epoch milliseconds of a UTC date-time whose fields are already known to be in range. */
export function utcMillis(f: UtcFields): number {
  // Date.UTC allocates nothing, but reads years 0–99 as 1900–1999: those take a Date.
  if (f.year < 0 || f.year > 99) return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second, f.millisecond);
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
